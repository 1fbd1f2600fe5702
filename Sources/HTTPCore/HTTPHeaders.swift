/// An ordered list of HTTP header fields with case-insensitive name lookup.
///
/// Order and duplicates are kept exactly as added, so a request's headers read
/// back in the order the client sent them. Lookup compares names ASCII
/// case-insensitively without allocating.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (name: String, value: String)

    /// A field as a struct, not the tuple ``Element``: an array of tuples is
    /// copied and destroyed through the runtime's generic tuple witnesses,
    /// which cost ~600 instructions per request.
    fileprivate struct Field: Sendable {
        var name: String
        var value: String
    }

    private var fields: [Field]

    public init() {
        fields = []
    }

    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The number of fields, counting repeated names separately.
    public var count: Int { fields.count }

    public var isEmpty: Bool { fields.isEmpty }

    /// The first value for `name`, compared case-insensitively; `nil` when absent.
    public subscript(name: String) -> String? {
        // By index: a `for field in fields` loop copied each field, a retain
        // and a release of its name and value (~70 instructions a field).
        for index in fields.indices where Self.namesMatch(fields[index].name, name) {
            return fields[index].value
        }
        return nil
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        self[name] != nil
    }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Sets `name` to exactly one `value`: the first existing field keeps its
    /// position and takes the new value, later duplicates are removed; appends
    /// when the name is absent.
    public mutating func replaceOrAdd(_ name: String, _ value: String) {
        guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
            add(name, value)
            return
        }
        fields[first].value = value
        var index = first + 1
        while index < fields.count {
            if Self.namesMatch(fields[index].name, name) {
                fields.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        fields.reserveCapacity(minimumCapacity)
    }

    public func makeIterator() -> Iterator {
        Iterator(fields: fields.makeIterator())
    }

    /// The fields in order, as ``Element`` tuples.
    public struct Iterator: IteratorProtocol {
        fileprivate var fields: IndexingIterator<[Field]>

        public mutating func next() -> Element? {
            fields.next().map { (name: $0.name, value: $0.value) }
        }
    }

    /// ASCII case-insensitive comparison; header names are ASCII tokens, so
    /// Unicode case folding would be both slower and wrong.
    ///
    /// Most names differ in length, so no byte needs comparing: that check
    /// is inlined into every lookup, where a call per field cost ~20
    /// instructions (a GET looks up ~17 fields).
    ///
    /// Names spelled the same (a name looked up as clients send it, the
    /// usual case) match at `==`, which compares two short strings' bits in
    /// a few instructions, where comparing their bytes cost ~120.
    @inline(__always)
    static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && (lhs == rhs || sameLengthNamesMatch(lhs, rhs))
    }

    /// ``namesMatch(_:_:)`` for two names of the same length.
    private static func sameLengthNamesMatch(_ lhs: String, _ rhs: String) -> Bool {
        // The contiguous bytes of native strings (every header here is one):
        // iterating two `UTF8View`s cost ~50 instructions a byte.
        let contiguous = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                for index in 0..<left.count where left[index] != right[index] {
                    if asciiLowercased(left[index]) != asciiLowercased(right[index]) { return false }
                }
                return true
            }
        }
        if let contiguous, let matched = contiguous { return matched }
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return true
            case (let l?, let r?):
                if l != r && asciiLowercased(l) != asciiLowercased(r) { return false }
            default:
                return false
            }
        }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
    }
}
