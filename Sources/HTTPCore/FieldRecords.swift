/// Header fields as bytes in one array, one record after another: the
/// name's and the value's byte counts (a `UInt32` each, in the machine's
/// order), the name, a NUL, the value, a NUL. The NULs make each name and
/// value a C string in place; a name or value holding a NUL itself is
/// kept, and told apart by its count (``HTTPResponse`` drops such a field).
///
/// The storage of ``HTTPHeaders``: a request's fields cost one allocation
/// and one copy, where two `String`s a field cost a decoding each (and an
/// allocation for any past 15 bytes), and freeing them a release each.
struct FieldRecords: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    /// The bytes of a record besides its name and value.
    static var overhead: Int { 10 }
    /// Room reserved per field when only a number of fields is known.
    static var typicalFieldBytes: Int { 64 }

    init() {}

    /// Records written already (``RequestHeaders``): `count` of them in `bytes`.
    init(bytes: [UInt8], count: Int) {
        self.bytes = bytes
        self.count = count
    }

    /// Writes the record of a field at `target`, which has room for
    /// ``overhead`` plus the name's and the value's bytes; returns its size.
    @inline(__always)
    static func write(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let raw = UnsafeMutableRawPointer(target)
        // A name or value past 4 GiB stops the process rather than corrupt
        // the records; a request's fields are bounded by the connection's
        // memory (at most 1 MiB), a response's are the server's own.
        raw.storeBytes(of: UInt32(name.count), as: UInt32.self)
        raw.storeBytes(of: UInt32(value.count), toByteOffset: 4, as: UInt32.self)
        var offset = 8
        if let base = name.baseAddress { (target + offset).update(from: base, count: name.count) }
        offset += name.count
        target[offset] = 0
        offset += 1
        if let base = value.baseAddress { (target + offset).update(from: base, count: value.count) }
        offset += value.count
        target[offset] = 0
        return offset + 1
    }

    /// Appends a field, written straight into the array's new room
    /// (through a buffer on the stack and `append(contentsOf:)`, ~240
    /// instructions a field).
    mutating func append(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        let size = Self.overhead + name.count + value.count
        bytes.append(addingCapacity: size) { room in
            room.withUnsafeMutableBufferPointer { buffer, initialized in
                initialized += Self.write(name: name, value: value, to: buffer.baseAddress.unsafelyUnwrapped + initialized)
            }
        }
        count += 1
    }

    /// Makes room for `total` bytes of records, at least doubling when it grows.
    mutating func reserveBytes(_ total: Int) {
        guard total > bytes.capacity else { return }
        bytes.reserveCapacity(Swift.max(total, 2 * bytes.capacity))
    }

    /// Calls `body` with each field's name and value, in order, while it
    /// returns true.
    @inline(__always)
    func visitFields(_ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let (name, value, next) = Self.field(in: base, at: offset)
                guard body(name, value) else { return }
                offset = next
            }
        }
    }

    /// The field whose record starts at `offset`, then where the next starts.
    @inline(__always)
    private static func field(
        in base: UnsafePointer<UInt8>, at offset: Int
    ) -> (name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, next: Int) {
        let raw = UnsafeRawPointer(base + offset)
        let nameCount = Int(raw.loadUnaligned(as: UInt32.self))
        let valueCount = Int(raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        let name = UnsafeBufferPointer(start: base + offset + 8, count: nameCount)
        let value = UnsafeBufferPointer(start: base + offset + 9 + nameCount, count: valueCount)
        return (name, value, offset + overhead + nameCount + valueCount)
    }

    /// `body` of the field at `offset` and the offset of the next; nil past the last.
    func withField<Result>(
        at offset: Int, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Result
    ) -> (result: Result, next: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            guard offset < buffer.count, let base = buffer.baseAddress else { return nil }
            let (name, value, next) = Self.field(in: base, at: offset)
            return (body(name, value), next)
        }
    }

    /// `body` of the value of the first field named `name` (ASCII
    /// case-insensitively); nil when there is none.
    @inline(__always)
    func withFirstValue<Result>(
        named name: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        var result: Result?
        visitFields { fieldName, value in
            guard Self.namesMatch(fieldName, name) else { return true }
            result = body(value)
            return false
        }
        return result
    }

    /// Whether some field is named `name`.
    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        withFirstValue(named: name) { _ in () } != nil
    }

    /// Replaces the records by those `keep` appends to the new ones,
    /// called with each field in order.
    mutating func rebuild(
        _ keep: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>, _ kept: inout FieldRecords) -> Void
    ) {
        var kept = FieldRecords()
        kept.reserveBytes(bytes.count + Self.typicalFieldBytes)
        visitFields { name, value in
            keep(name, value, &kept)
            return true
        }
        self = kept
    }

    /// ASCII case-insensitive equality of two names' bytes: header names are
    /// ASCII tokens, so Unicode case folding would be both slower and wrong.
    /// Most names differ in length, and equal ones are usually spelled alike.
    @inline(__always)
    static func namesMatch(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs[index] != rhs[index] {
            if asciiLowercased(lhs[index]) != asciiLowercased(rhs[index]) { return false }
        }
        return true
    }

    /// ``namesMatch(_:_:)`` against a name spelled in the code.
    @inline(__always)
    static func namesMatch(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: StaticString) -> Bool {
        namesMatch(lhs, bytes(of: rhs))
    }

    /// The bytes of a name spelled in the code.
    @inline(__always)
    static func bytes(of name: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
    }

    @inline(__always)
    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
    }
}
