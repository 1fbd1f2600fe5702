import TestSupport
import Testing

@testable import JSON

/// `encodedByteCount` is what the session budget measures with: it must be
/// the length of what `JSONWriter` writes, escapes and number forms included.
@Suite("JSON encoded size", .timeLimit(.minutes(10)), .hangGuard)
struct JSONEncodedSizeTests {
    static let samples: [JSONValue] = [
        nil, true, false, 0, -0.0, 7, -42, 1.5, -0.1, 1e-7, 1e21, 1e300, -1e-300,
        9_007_199_254_740_991, 9_007_199_254_740_992, -9_007_199_254_740_994, 1.2345678901234568e20,
        .number(.nan), .number(.infinity), .number(-.infinity), .number(.leastNonzeroMagnitude),
        "", "plain", "quote \" and \\ backslash", "\n\r\t\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}",
        "</script>&amp;", "a\u{2028}b\u{2029}c", "\u{2027}\u{202A}€", "안녕 😀👍🏽 é e\u{301}",
        "\u{2000}\u{20AC} pass through", "ends with \u{2028}",
        [], [:], [1, "two", [3], ["four": 4]], ["a": ["b": ["c": [nil, true, "\u{2029}"]]]],
        ["quo\"ted key": 1, "<key>": "<value>", "": ""],
    ]

    @Test(arguments: samples)
    func matchesTheWriter(_ value: JSONValue) {
        #expect(value.encodedByteCount == value.encoded().count, "\(value)")
    }

    @Test func objectsMatchTheWriter() {
        #expect(JSONObject().encodedByteCount == 2)
        let object: JSONObject = ["lines": ["<a>", 1.25], "n": nil]
        #expect(object.encodedByteCount == JSONValue.object(object).encoded().count)
    }

    /// Random trees of every kind, with strings drawn from characters that
    /// are escaped, multi-byte or plain.
    @Test func randomValuesMatchTheWriter() {
        var rng = SplitMix64(seed: 0x5E55_10B5)
        let alphabet: [Character] = ["a", "Z", " ", "\"", "\\", "\n", "\u{1}", "<", ">", "&", "é", "€", "\u{2028}", "\u{2029}", "😀"]
        func string() -> String {
            String((0..<Int.random(in: 0...12, using: &rng)).map { _ in rng.pick(alphabet) })
        }
        func value(depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth < 4 ? 7 : 5), using: &rng) {
            case 0: return nil
            case 1: return .bool(rng.chance(50))
            case 2: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &rng)))
            case 3: return .number(Double.random(in: -1e6...1e6, using: &rng) * pow10(Int.random(in: -30...30, using: &rng)))
            case 4: return .string(string())
            case 5: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in value(depth: depth + 1) })
            default:
                return .object(JSONObject((0..<Int.random(in: 0...4, using: &rng)).map { _ in (string(), value(depth: depth + 1)) }))
            }
        }
        for _ in 0..<2000 {
            let sample = value(depth: 0)
            #expect(sample.encodedByteCount == sample.encoded().count, "\(sample)")
        }
    }

    private func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}
