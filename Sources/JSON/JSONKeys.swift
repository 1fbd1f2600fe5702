/// Object keys a parser hands back as these very strings instead of building
/// a new `String` from the input's bytes (~280 instructions a key): the
/// members a document is expected to have, such as a request body's.
///
/// A key matches when its bytes in the input are exactly one of these,
/// between quotes and without escapes; any other key, and a key spelled with
/// escapes, is decoded as usual, so the parse's result is the same with or
/// without them. Keys that hold a quote, a backslash or a control character
/// could only appear escaped and are left out.
public struct JSONKeys: Sendable {
    private let entries: [Entry]

    private struct Entry: Sendable {
        /// The key's first eight bytes (fewer, zero-padded, for a shorter key),
        /// little-endian: most keys are decided by one compare.
        let head: UInt64
        let bytes: [UInt8]
        let key: String
    }

    /// No keys: every key is decoded.
    public static let none = JSONKeys([])

    public init(_ keys: [String]) {
        entries = keys.compactMap { key in
            let bytes = Array(key.utf8)
            let plain = bytes.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
            return plain ? Entry(head: Self.head(of: bytes[...]), bytes: bytes, key: key) : nil
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The key whose bytes start at `start` and end right before a quote,
    /// with its length in bytes; nil when none does.
    func match(in input: UnsafeBufferPointer<UInt8>, at start: Int) -> (key: String, count: Int)? {
        guard start < input.count else { return nil }
        let available = input.count - start
        let head: UInt64
        if available >= 8 {
            head = UnsafeRawPointer(input.baseAddress! + start).loadUnaligned(as: UInt64.self).littleEndian
        } else {
            head = Self.head(of: input[start...])
        }
        for entry in entries {
            let count = entry.bytes.count
            guard count < available, input[start + count] == UInt8(ascii: "\"") else { continue }
            let mask: UInt64 = count >= 8 ? ~0 : (1 << (UInt64(count) * 8)) - 1
            guard head & mask == entry.head else { continue }
            var index = 8
            while index < count, entry.bytes[index] == input[start + index] { index += 1 }
            if index >= count { return (entry.key, count) }
        }
        return nil
    }

    /// Up to eight bytes as one little-endian word, zero-padded.
    private static func head<Bytes: Collection<UInt8>>(of bytes: Bytes) -> UInt64 {
        var word: UInt64 = 0
        for (index, byte) in bytes.prefix(8).enumerated() { word |= UInt64(byte) << (UInt64(index) * 8) }
        return word
    }
}
