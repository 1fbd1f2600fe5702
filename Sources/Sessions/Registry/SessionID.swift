import Coordination

/// Session ids: 128 bits from the system's cryptographic random source
/// (`getrandom` on Linux), as 32 lowercase hex digits. Unguessable, so the id
/// itself is the capability to use the session.
public enum SessionID {
    /// Characters in an id.
    public static let length = 32

    /// A new id; never the same twice in practice (128 random bits).
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
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

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
