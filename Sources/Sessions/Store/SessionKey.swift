/// A session id as two integers: 16 bytes on disk instead of 32 hex digits,
/// and a dictionary key that needs no allocation.
package struct SessionKey: Hashable, Sendable {
    package let high: UInt64
    package let low: UInt64

    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
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
