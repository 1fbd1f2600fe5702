import Platform
import TestSupport
import Testing

/// ``HexWord`` spells eight digits at once: each must read as the standard
/// library's one-digit-at-a-time spelling.
@Suite("Hex words", .timeLimit(.minutes(10)), .hangGuard)
struct HexWordTests {
    private func spelled(_ value: UInt32) -> String {
        var word = HexWord.digits(of: value)
        return withUnsafeBytes(of: &word) { String(decoding: $0, as: UTF8.self) }
    }

    private func reference(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    @Test func everyDigitIsSpelledInEveryPlace() {
        for digit in UInt32(0)...15 {
            for place in 0..<8 {
                let value = digit << UInt32(place * 4)
                #expect(spelled(value) == reference(value), "\(value)")
            }
        }
        #expect(spelled(0x0123_abcd) == "0123abcd")
        #expect(spelled(.max) == "ffffffff")
    }

    @Test func randomValuesAreSpelledAsTheStandardLibraryDoes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let value = generator.next() as UInt32
            #expect(spelled(value) == reference(value), "\(value)")
        }
    }

    @Test func digitsReadBackAsTheirValue() {
        var generator = SystemRandomNumberGenerator()
        for value in [0, 0x0123_abcd, .max] + (0..<10_000).map({ _ in generator.next() as UInt32 }) {
            #expect(HexWord.value(ofDigits: HexWord.digits(of: value)) == value, "\(value)")
        }
    }

    /// Any byte but a lowercase hex digit, in any place, is no value.
    @Test func otherBytesAreNoValue() {
        let digits = HexWord.digits(of: 0x0123_4567)
        for place in 0..<8 {
            for byte in UInt8(0)...255 where !(0x30...0x39).contains(byte) && !(0x61...0x66).contains(byte) {
                let shift = UInt64(place * 8)
                let word = (digits & ~(0xFF << shift)) | UInt64(byte) << shift
                #expect(HexWord.value(ofDigits: word) == nil, "byte \(byte) at \(place)")
            }
        }
    }
}
