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
        makeKey().hex
    }

    /// A new id as its key (see ``make()``).
    static func makeKey() -> SessionKey {
        let (high, low) = randomBits()
        return SessionKey(high: high, low: low)
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

    /// A new seed for a session's random numbers, from the same source.
    static func randomSeed() -> UInt64 {
        randomBits().0
    }

    /// Whether `text` has the shape of an id (32 lowercase hex digits):
    /// checked before any lookup so that junk never reaches a lock.
    public static func isWellFormed(_ text: String) -> Bool {
        SessionKey(hex: text) != nil
    }
}
