import JWTTestSupport
import TestSupport
import Testing

@testable import JWTVerification

@Suite("Base64URL strict decoding", .timeLimit(.minutes(10)), .hangGuard)
struct Base64URLTests {
    private func decode(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { Base64URL.decode($0) }
    }

    @Test func decodesWhatFoundationEncodesForEveryLength() {
        var random = SplitMix64(seed: 26)
        for length in 0...100 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(decode(base64URL(bytes)) == bytes, "length \(length)")
        }
        #expect(decode("") == [])
        #expect(decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    @Test func refusesPaddingOtherAlphabetsAndLoneCharacters() {
        for text in ["QQ==", "QQ=", "QUI=", "+/8A", "QUJD\n", " QUJD", "QUJD.", "QUJDR", "Q", "QUJ\u{0}", "QUJé"] {
            #expect(decode(text) == nil, "\(text.debugDescription)")
        }
    }

    /// The unused low bits of a last partial group must be zero, so each byte string has one encoding.
    @Test func refusesNonZeroSpareBits() {
        #expect(decode("QQ") == [0x41])
        #expect(decode("QR") == nil)
        #expect(decode("QUI") == [0x41, 0x42])
        #expect(decode("QUJ") == nil)
    }
}
