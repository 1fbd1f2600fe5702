/// An ordered list of HTTP header fields with case-insensitive name lookup.
///
/// Order and duplicates are kept exactly as added, so a request's headers read
/// back in the order the client sent them. Lookup compares names ASCII
/// case-insensitively without allocating.
///
/// The fields are kept as bytes in one array (``FieldRecords``), not as two
/// `String`s each: a request's headers are copied out of libmicrohttpd's
/// memory in one piece, a value becomes a `String` only when it is read, and
/// a response's fields reach libmicrohttpd as the C strings they already
/// are. Freeing them is one release.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    private var records: FieldRecords

    public init() {
        records = FieldRecords()
    }

    public init(_ pairs: [(String, String)]) {
        self.init()
        for (name, value) in pairs { add(name, value) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// Headers made of `records` as they are (``RequestHeaders``).
    init(records: FieldRecords) {
        self.records = records
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { records.count }

    public var isEmpty: Bool { records.count == 0 }

    /// The first value for `name`, compared case-insensitively; `nil` when absent.
    public subscript(name: String) -> String? {
        Self.withBytes(of: name) { name in records.withFirstValue(named: name, Self.string(ofValue:)) }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        Self.withBytes(of: name) { name in
            var values: [String] = []
            records.visitFields { fieldName, value in
                if FieldRecords.namesMatch(fieldName, name) { values.append(Self.string(ofValue: value)) }
                return true
            }
            return values
        }
    }

    public func contains(_ name: String) -> Bool {
        Self.withBytes(of: name) { records.contains($0) }
    }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(_ name: String, _ value: String) {
        Self.withBytes(of: name) { name in
            Self.withBytes(of: value) { value in records.append(name: name, value: value) }
        }
    }

    /// Sets `name` to exactly one `value`: the first existing field keeps its
    /// position and takes the new value, later duplicates are removed; appends
    /// when the name is absent.
    public mutating func replaceOrAdd(_ name: String, _ value: String) {
        Self.withBytes(of: value) { replaceOrAdd(name, utf8: $0) }
    }

    /// ``replaceOrAdd(_:_:)`` with the value given as its UTF-8 bytes, for
    /// a caller that has them and no `String`.
    public mutating func replaceOrAdd(_ name: String, utf8 value: UnsafeBufferPointer<UInt8>) {
        Self.withBytes(of: name) { name in
            guard records.contains(name) else { return records.append(name: name, value: value) }
            var replaced = false
            records.rebuild { fieldName, fieldValue, kept in
                guard FieldRecords.namesMatch(fieldName, name) else { return kept.append(name: fieldName, value: fieldValue) }
                if !replaced { kept.append(name: fieldName, value: value) }
                replaced = true
            }
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        Self.withBytes(of: name) { name in
            guard records.contains(name) else { return }
            records.rebuild { fieldName, fieldValue, kept in
                if !FieldRecords.namesMatch(fieldName, name) { kept.append(name: fieldName, value: fieldValue) }
            }
        }
    }

    /// Makes room for `minimumCapacity` fields in all, of a typical size.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        records.reserveBytes(minimumCapacity * FieldRecords.typicalFieldBytes)
    }

    /// `body` of the first value for `name` (spelled in the code), read in
    /// place; nil when absent.
    func withFirstValue<Result>(named name: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        records.withFirstValue(named: FieldRecords.bytes(of: name), body)
    }

    /// The first value for `name`, a name spelled in the code: like the
    /// subscript, without reading a `String`'s bytes for the name (a short
    /// one is copied to the stack first, ~40 instructions a lookup).
    public func firstValue(named name: StaticString) -> String? {
        records.withFirstValue(named: FieldRecords.bytes(of: name), Self.string(ofValue:))
    }

    /// Whether the first value for `name` (spelled in the code), as its
    /// bytes as they came (invalid UTF-8 is not repaired), satisfies
    /// `predicate`; nil when absent. For a caller that reads bytes: no
    /// `String` is made. (Not generic: another module would call it
    /// unspecialized, through the runtime's metadata, ~1,200 instructions a
    /// call.)
    public func firstValue(named name: StaticString, satisfies predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool? {
        records.withFirstValue(named: FieldRecords.bytes(of: name), predicate)
    }

    /// Appends a field named `name` (spelled in the code) whose value is
    /// given as its UTF-8 bytes, for a caller that has them and no `String`.
    public mutating func add(named name: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) {
        records.append(name: FieldRecords.bytes(of: name), value: value)
    }

    /// Whether a field is named `name` (spelled in the code).
    func containsField(named name: StaticString) -> Bool {
        records.contains(FieldRecords.bytes(of: name))
    }

    /// Calls `body` with each field's name and value, NUL-terminated in
    /// place (the NUL is not counted), in order.
    func forEachField(_ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void) {
        records.visitFields { name, value in
            body(name, value)
            return true
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(records: records)
    }

    /// The fields in order, as ``Element`` tuples.
    public struct Iterator: IteratorProtocol {
        fileprivate let records: FieldRecords
        fileprivate var offset = 0

        public mutating func next() -> Element? {
            let field = records.withField(at: offset) { name, value in
                (name: HTTPHeaders.string(ofName: name), value: HTTPHeaders.string(ofValue: value))
            }
            guard let field else { return nil }
            offset = field.next
            return field.result
        }
    }

    /// A name as text; the common ones are constants (``CommonRequestText``).
    private static func string(ofName bytes: UnsafeBufferPointer<UInt8>) -> String {
        CommonRequestText.string(bytes, knownFrom: CommonRequestText.headerNames)
    }

    /// A value as text: invalid UTF-8 repaired, never trusted; the common
    /// ones are constants.
    private static func string(ofValue bytes: UnsafeBufferPointer<UInt8>) -> String {
        CommonRequestText.string(bytes, knownFrom: CommonRequestText.headerValues)
    }

    /// Calls `body` with the UTF-8 bytes of `text`: in place for a native
    /// string, on the stack for a short one, copied for a bridged one.
    @inline(__always)
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
