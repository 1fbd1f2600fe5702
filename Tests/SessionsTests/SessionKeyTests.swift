import TestSupport
import Testing

@testable import Sessions

/// ``SessionKey`` parses an id eight digits at a time: every byte at every
/// position must be judged, and every digit valued, as a digit-by-digit
/// reading would.
@Suite("Session key parsing", .timeLimit(.minutes(10)), .hangGuard)
struct SessionKeyTests {
    /// The obvious reading: one digit at a time.
    private func reference(_ digits: [UInt8]) -> SessionKey? {
        guard digits.count == 32 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (position, byte) in digits.enumerated() {
            let value: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
            if position < 16 { high = high << 4 | value } else { low = low << 4 | value }
        }
        return SessionKey(high: high, low: low)
    }

    private func parsed(_ digits: [UInt8]) -> SessionKey? {
        digits.withUnsafeBufferPointer(SessionKey.parse)
    }

    @Test func everyByteAtEveryPositionIsJudgedAsOneDigitAtATime() {
        let valid = Array("0123456789abcdeffedcba9876543210".utf8)
        #expect(parsed(valid) == SessionKey(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210))
        var mismatches: [String] = []
        for position in 0..<32 {
            for byte in UInt8.min...UInt8.max {
                var digits = valid
                digits[position] = byte
                if parsed(digits) != reference(digits) { mismatches.append("byte \(byte) at \(position)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func everyDigitHasItsValueInEveryPlace() {
        for digit in Array("0123456789abcdef".utf8) {
            for position in 0..<32 {
                var digits = Array(repeating: UInt8(ascii: "0"), count: 32)
                digits[position] = digit
                #expect(parsed(digits) == reference(digits))
            }
        }
        #expect(parsed(Array(repeating: UInt8(ascii: "f"), count: 32)) == SessionKey(high: .max, low: .max))
    }

    @Test func onlyThirtyTwoBytesAreAnID() {
        let valid = Array("0123456789abcdef0123456789abcdef".utf8)
        #expect(parsed(Array(valid.dropLast())) == nil)
        #expect(parsed(valid + [UInt8(ascii: "0")]) == nil)
        #expect(parsed([]) == nil)
    }

    /// The obvious spelling: one digit at a time, most significant first.
    private func referenceSpelling(_ key: SessionKey) -> String {
        let digits = Array("0123456789abcdef".utf8)
        let bytes = (0..<32).map { position in
            let half = position < 16 ? key.high : key.low
            return digits[Int(half >> UInt64(60 - position % 16 * 4) & 0xF)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func everyDigitIsSpelledInEveryPlace() {
        for value in UInt64(0)...15 {
            for position in 0..<32 {
                let shift = UInt64(60 - position % 16 * 4)
                let key =
                    position < 16
                    ? SessionKey(high: value << shift, low: 0) : SessionKey(high: 0, low: value << shift)
                #expect(key.hex == referenceSpelling(key), "digit \(value) at \(position)")
            }
        }
        let mixed = SessionKey(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210)
        #expect(mixed.hex == "0123456789abcdeffedcba9876543210")
        #expect(SessionKey(high: .max, low: .max).hex == String(repeating: "f", count: 32))
    }

    @Test func aSpelledKeyParsesBackToItself() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            let key = SessionKey(high: generator.next(), low: generator.next())
            #expect(key.hex == referenceSpelling(key))
            #expect(SessionKey(hex: key.hex) == key)
        }
    }
}
