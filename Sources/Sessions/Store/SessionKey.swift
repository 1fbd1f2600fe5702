/// A session id as two integers: 16 bytes on disk instead of 32 hex digits,
/// and a dictionary key that needs no allocation.
///
/// Public with inlinable equality and hashing, not `package`: the file
/// store's index, in another module, hashes a key on every request, and the
/// compiler inlines a conformance across modules only for a public type.
public struct SessionKey: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    @inlinable
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    @inlinable
    public static func == (left: SessionKey, right: SessionKey) -> Bool {
        left.high == right.high && left.low == right.low
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
        hasher.combine(low)
    }

    /// Parses 32 lowercase hex digits; nil for anything else.
    package init?(hex text: String) {
        // On the contiguous bytes of a native string, which iterating the
        // `UTF8View` is not (~1,500 instructions per id, once or twice per request).
        guard text.utf8.count == 32,
            let key = text.utf8.withContiguousStorageIfAvailable(Self.parse) ?? Self.parse(Array(text.utf8))
        else { return nil }
        self = key
    }

    private static func parse(_ digits: some RandomAccessCollection<UInt8>) -> SessionKey? {
        guard digits.count == 32 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (position, byte) in digits.enumerated() {
            let digit: UInt64
            switch byte {
            case 48...57: digit = UInt64(byte - 48)
            case 97...102: digit = UInt64(byte - 87)
            default: return nil
            }
            if position < 16 { high = high << 4 | digit } else { low = low << 4 | digit }
        }
        return SessionKey(high: high, low: low)
    }

    /// The id as 32 lowercase hex digits.
    package var hex: String {
        String(unsafeUninitializedCapacity: 32) { buffer in
            for index in 0..<16 {
                buffer[index] = Self.hexDigit(high >> UInt64(60 - index * 4) & 0xF)
                buffer[16 + index] = Self.hexDigit(low >> UInt64(60 - index * 4) & 0xF)
            }
            return 32
        }
    }

    /// The lowercase hex digit of `value` (0...15), without a table to allocate.
    private static func hexDigit(_ value: UInt64) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "a") + UInt8(value - 10)
    }
}
