/// Arrays and objects that many documents hold as the very same storage
/// (one constant every session shows, not equal copies), each encoded
/// once, so that ``JSONWriter/write(_:sharing:)`` copies its bytes instead
/// of writing it again.
///
/// A value is known by the address of its elements' (or members') storage
/// and their count. This keeps that storage alive, so no other value can
/// take the address while it is here, and it is never uniquely referenced:
/// a copy changed anywhere gets storage of its own and is written as usual.
public struct SharedJSONValues: Sendable {
    private let entries: [Entry]

    /// None: ``JSONWriter/write(_:sharing:)`` writes everything.
    public static let none = SharedJSONValues([])

    /// `values` encoded once; empty arrays and objects, and scalars, are
    /// not kept (there is nothing to save on them).
    public init(_ values: [JSONValue]) {
        entries = values.compactMap { value in
            guard let storage = Self.storage(of: value) else { return nil }
            return Entry(value: value, storage: storage, bytes: value.encoded())
        }
    }

    /// Whether there is nothing to copy: writing through this is writing.
    public var isEmpty: Bool { entries.isEmpty }

    /// The bytes of `value` if it is one of these values (the same storage).
    package func encoded(_ value: JSONValue) -> [UInt8]? {
        guard !entries.isEmpty, let storage = Self.storage(of: value) else { return nil }
        return entries.first { $0.storage == storage }?.bytes
    }

    private struct Entry: Sendable {
        /// Held for its storage: see the type's comment.
        let value: JSONValue
        let storage: Storage
        let bytes: [UInt8]
    }

    /// Where a container's elements live, and how many there are.
    private struct Storage: Equatable, Sendable {
        let address: UInt
        let count: Int
    }

    private static func storage(of value: JSONValue) -> Storage? {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            return elements.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { Storage(address: UInt(bitPattern: $0), count: buffer.count) }
            }
        case .object(let object) where !object.members.isEmpty:
            return object.members.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.map { Storage(address: UInt(bitPattern: $0), count: buffer.count) }
            }
        default:
            return nil
        }
    }
}

extension JSONWriter {
    /// Writes `value` like ``write(_:)``, byte for byte, copying the bytes
    /// of any array or object in it that is one of `shared`.
    public mutating func write(_ value: JSONValue, sharing shared: SharedJSONValues) {
        switch value {
        case .null: writeNull()
        case .bool(let bool): writeBool(bool)
        case .number(let number): writeNumber(number)
        case .string(let string): writeString(string)
        case .array, .object:
            if let encoded = shared.encoded(value) {
                writeRaw(encoded)
                return
            }
            writeContainer(value, sharing: shared)
        }
    }

    /// The brackets, separators and members of an array or object.
    private mutating func writeContainer(_ value: JSONValue, sharing shared: SharedJSONValues) {
        switch value {
        case .array(let elements):
            append(UInt8(ascii: "["))
            // By index, here and below: iterating copied each element (a
            // retain and a release).
            for index in elements.indices {
                if index > 0 { append(UInt8(ascii: ",")) }
                write(elements[index], sharing: shared)
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            let members = object.members
            for index in members.indices {
                if index > 0 { append(UInt8(ascii: ",")) }
                writeString(members[index].key)
                append(UInt8(ascii: ":"))
                write(members[index].value, sharing: shared)
            }
            append(UInt8(ascii: "}"))
        default:
            write(value, sharing: shared)
        }
    }
}
