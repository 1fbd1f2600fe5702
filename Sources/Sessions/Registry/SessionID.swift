import Coordination
import Platform

/// Session ids: 128 bits from the system's cryptographic random source
/// (`getrandom` on Linux), as 32 lowercase hex digits. Unguessable, so the id
/// itself is the capability to use the session.
public enum SessionID {
    /// Characters in an id.
    public static let length = 32

    /// A new id; never the same twice in practice (128 random bits).
    public static func make() -> String {
        let (high, low) = randomBits()
        // Spelled into one string (padding and joining two `String(_:radix:)`s
        // allocated four times per session created).
        return String(unsafeUninitializedCapacity: length) { buffer in
            for index in 0..<16 {
                buffer[index] = hexDigit(high >> UInt64(60 - index * 4) & 0xF)
                buffer[16 + index] = hexDigit(low >> UInt64(60 - index * 4) & 0xF)
            }
            return length
        }
    }

    /// 128 random bits in one `getrandom(2)` (glibc's `getentropy`, the same
    /// source): `SystemRandomNumberGenerator` makes one system call per 64
    /// bits, two per session created (strace).
    private static func randomBits() -> (UInt64, UInt64) {
        #if os(Linux)
            var bits: (UInt64, UInt64) = (0, 0)
            let status = withUnsafeMutableBytes(of: &bits) { buffer in getentropy(buffer.baseAddress, buffer.count) }
            if status == 0 { return bits }
        #endif
        var generator = SystemRandomNumberGenerator()
        return (generator.next(), generator.next())
    }

    /// Whether `text` has the shape of an id: checked before any lookup so
    /// that junk never reaches a lock.
    /// A new seed for a session's random numbers, from the same source.
    static func randomSeed() -> UInt64 {
        randomBits().0
    }

    public static func isWellFormed(_ text: String) -> Bool {
        guard text.utf8.count == length else { return false }
        // On the contiguous bytes of a native string: iterating the
        // `UTF8View` cost ~40 instructions a byte, twice per request.
        if let wellFormed = text.utf8.withContiguousStorageIfAvailable(isLowercaseHex) { return wellFormed }
        return isLowercaseHex(text.utf8)
    }

    private static func isLowercaseHex(_ bytes: some Sequence<UInt8>) -> Bool {
        for byte in bytes where !(48...57).contains(byte) && !(97...102).contains(byte) {
            return false
        }
        return true
    }

    private static func hexDigit(_ value: UInt64) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "a") + UInt8(value - 10)
    }
}
