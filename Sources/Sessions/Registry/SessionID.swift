import Coordination

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Session ids: 128 bits from the system's cryptographic random source
/// (`getrandom` on Linux), as 32 lowercase hex digits. Unguessable, so the id
/// itself is the capability to use the session.
public enum SessionID {
    /// Characters in an id.
    public static let length = 32

    /// A new id; never the same twice in practice (128 random bits).
    /// One system call (`SystemRandomNumberGenerator` makes one per 64
    /// bits: glibc's `arc4random_buf` one `getrandom` per buffer) and one
    /// allocation: this is on every create.
    public static func make() -> String {
        var random: (UInt64, UInt64) = (0, 0)
        #if canImport(Glibc)
            withUnsafeMutableBytes(of: &random) { bytes in
                if let start = bytes.baseAddress { arc4random_buf(start, bytes.count) }
            }
        #else
            var generator = SystemRandomNumberGenerator()
            random = (generator.next(), generator.next())
        #endif
        return String(unsafeUninitializedCapacity: length) { text in
            write(random.0, to: text, at: 0)
            write(random.1, to: text, at: 16)
            return length
        }
    }

    /// Whether `text` has the shape of an id: checked before any lookup so
    /// that junk never reaches a lock.
    public static func isWellFormed(_ text: String) -> Bool {
        guard text.utf8.count == length else { return false }
        for byte in text.utf8 where !(48...57).contains(byte) && !(97...102).contains(byte) {
            return false
        }
        return true
    }

    /// Writes `value` as 16 lowercase hex digits at `offset`.
    private static func write(_ value: UInt64, to text: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        for digit in 0..<16 {
            let nibble = UInt8((value >> UInt64(60 - 4 * digit)) & 0xF)
            text[offset + digit] = nibble < 10 ? 48 + nibble : 87 + nibble
        }
    }
}
