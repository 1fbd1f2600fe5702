import TestSupport
import Testing

@testable import JSON

@Suite("JSONParser", .timeLimit(.minutes(10)), .hangGuard)
struct JSONParserTests {
    // MARK: - Helpers

    private func string(_ json: String) throws -> String? {
        try JSONParser.parse(json).stringValue
    }

    private func number(_ json: String) throws -> Double? {
        try JSONParser.parse(json).numberValue
    }

    // MARK: - Values and round trips

    @Test func parsesEveryKindOfValue() throws {
        let parsed = try JSONParser.parse(#" {"a": [1, -2.5, "x", true, false, null], "b": {}, "c": []} "#)
        let expected: JSONValue = ["a": [1, -2.5, "x", true, false, nil], "b": [:], "c": []]
        #expect(parsed == expected)
    }

    @Test func topLevelMayBeAnyValue() throws {
        #expect(try JSONParser.parse("42") == 42)
        #expect(try JSONParser.parse(#""s""#) == "s")
        #expect(try JSONParser.parse("true") == true)
        #expect(try JSONParser.parse(" null ") == .null)
        #expect(try JSONParser.parse("[]") == [])
    }

    @Test func roundTripsNestedValues() throws {
        let value: JSONValue = [
            "route": ["stack": [["screen": "home", "params": [:]], ["screen": "detail", "params": ["id": 42]]]],
            "text": "line\nbreak \"quoted\" <tag> & 안녕 😀 \u{0}\u{1F}\u{2028}",
            "numbers": [0, -1, 1.5e-7, 1e20, 9_007_199_254_740_992, 0.1, -0.25],
            "flags": [true, false, nil],
            "empty": ["array": [], "object": [:], "string": ""],
        ]
        let reparsed = try JSONParser.parse(value.encoded())
        #expect(reparsed == value)
        #expect(reparsed.encoded() == value.encoded())
    }

    @Test func keyOrderSurvivesParseAndEncode() throws {
        let text = #"{"zeta":1,"alpha":{"y":[1,2],"b":null},"mid":"x\u003c"}"#
        #expect(try JSONParser.parse(text).jsonString == text)
        #expect(try JSONParser.parse(text).objectValue?.keys == ["zeta", "alpha", "mid"])
    }

    @Test func allEntryPointsAgree() throws {
        let text = #"{"k":["v",1]}"#
        let fromString = try JSONParser.parse(text)
        let fromBytes = try JSONParser.parse(Array(text.utf8))
        let padded = Array("xx\(text)yy".utf8)
        let fromBuffer = try padded.withUnsafeBytes { raw throws(JSONParseError) -> JSONValue in
            try JSONParser.parse(UnsafeRawBufferPointer(rebasing: raw[2..<(raw.count - 2)]))
        }
        #expect(fromString == ["k": ["v", 1]])
        #expect(fromBytes == fromString)
        #expect(fromBuffer == fromString)
    }

    @Test func skipsJSONWhitespaceEverywhere() throws {
        #expect(try JSONParser.parse(" \t\r\n[ 1 ,\n\t2 ] \r\n") == [1, 2])
        #expect(try JSONParser.parse("{ \"a\" :\t1 ,\r\n\"b\":[ ] }") == ["a": 1, "b": []])
    }

    // MARK: - Strings

    @Test func decodesEverySimpleEscape() throws {
        #expect(try string(#""\"\\\/\b\f\n\r\t""#) == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(try string(#""a\nb""#) == "a\nb")
    }

    @Test func decodesUnicodeEscapes() throws {
        #expect(try string(#""\u0041\u00e9\u00E9""#) == "Aéé")
        #expect(try string(#""\uac00\ud55c""#) == "가한")
        #expect(try string(#""\u0000""#) == "\u{0}")
        #expect(try string(#""\u2028""#) == "\u{2028}")
        #expect(try string(#""\ud83d\ude00 \uD83D\uDE00""#) == "😀 😀")
        #expect(try string(#""x\udbff\udfffy""#) == "x\u{10FFFF}y")
    }

    @Test func keepsNonASCIITextAsIs() throws {
        for text in ["안녕하세요 세계", "こんにちは世界", "emoji 😀👍🏽🇰🇷", "mixed é\u{301} Ω"] {
            #expect(try string("\"\(text)\"") == text)
            #expect(try string("\"\\n\(text)\"") == "\n" + text)
        }
    }

    @Test func acceptsUTF8AtEveryBoundary() throws {
        let scalars: [Unicode.Scalar] = [
            "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}",
        ]
        for scalar in scalars {
            let bytes = [0x22] + Array(String(scalar).utf8) + [0x22]
            #expect(try JSONParser.parse(bytes) == .string(String(scalar)))
        }
    }

    @Test func keyLookupAfterEscapedKeys() throws {
        let value = try JSONParser.parse(#"{"\u0061b":1,"c\"d":2}"#)
        #expect(value["ab"] == 1)
        #expect(value["c\"d"] == 2)
    }

    // MARK: - Numbers

    @Test func parsesNumbers() throws {
        #expect(try number("0") == 0)
        #expect(try number("-0")?.sign == .minus)
        #expect(try number("1e3") == 1000)
        #expect(try number("1E3") == 1000)
        #expect(try number("1e+3") == 1000)
        #expect(try number("-2.5E-3") == -0.0025)
        #expect(try number("1.5e-7") == 1.5e-7)
        #expect(try number("0.1") == 0.1)
        #expect(try number("100e-2") == 1)
        #expect(try number("9007199254740992") == 9_007_199_254_740_992)
        #expect(try number("9007199254740993") == 9_007_199_254_740_992)  // nearest Double
        #expect(try number("1.7976931348623157e308") == 1.7976931348623157e308)
        #expect(try number("123456789012345678901234567890") == 1.2345678901234568e29)
        #expect(try number("1e-400") == 0)
        #expect(try number("0.0000000000000000000000000001") == 1e-28)
        #expect(try number("1e0000000000000000000003") == 1000)
        // Just past the exactly representable powers of ten, where one multiply would misround.
        #expect(try number("3e23") == 3e23)
        #expect(try number("1e-23") == 1e-23)
        #expect(try number("4567e-25") == 4567e-25)
        #expect(try number("0.0000000000000000000000000000007") == 7e-31)
    }

    @Test func numbersMatchTheStandardLibraryConversion() throws {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<2_000 {
            let mantissa = generator.next() >> UInt64(generator.next() % 64)
            let exponent = Int(generator.next() % 60) - 30
            let split = Int(generator.next() % 8)
            var digits = String(mantissa)
            if split > 0, split < digits.count {
                digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -split))
            }
            let text = "\(digits)e\(exponent)"
            #expect(try number(text) == Double(text), "\(text)")
        }
    }

    @Test func randomDoublesRoundTripThroughText() throws {
        var generator = SplitMix64(seed: 42)
        var checked = 0
        while checked < 2_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            checked += 1
            #expect(try JSONParser.parse(JSONValue.number(value).encoded()) == .number(value), "\(value)")
        }
    }

    // MARK: - Objects and depth

    @Test func sameKeyInDifferentObjectsIsFine() throws {
        let value = try JSONParser.parse(#"{"a":{"a":1},"b":[{"a":1},{"a":2}],"c":{"a":{"a":[]}}}"#)
        #expect(value["b"]?.arrayValue?.count == 2)
        let many = "{" + (0..<40).map { "\"k\($0)\":{\"k\($0)\":1}" }.joined(separator: ",") + "}"
        #expect(try JSONParser.parse(many).objectValue?.count == 40)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = JSONParser.defaultMaxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try JSONParser.parse(text).arrayValue?.count == 1)
        #expect(try JSONParser.parse("[[]]", maxDepth: 2) == [[]])
        #expect(try JSONParser.parse("7", maxDepth: 0) == 7)
    }

    @Test func deepNestingWithinARaisedLimitParsesIteratively() throws {
        let depth = 1_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSONParser.parse(text, maxDepth: depth)
        var levels = 0
        while let inner = value.arrayValue?.first {
            value = inner
            levels += 1
        }
        #expect(levels == depth - 1)
    }
}

/// Objects with many members: duplicate keys are found with a set once an
/// object grows, and that set must never be copied per key (a copy per
/// member made a 1 MB body of 80,000 members take minutes).
@Suite("JSON parser: large objects", .timeLimit(.minutes(10)), .hangGuard)
struct JSONParserLargeObjectTests {
    @Test func anObjectOfAHundredThousandMembersParsesAndKeepsItsOrder() throws {
        let count = 100_000
        let text = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}"
        let object = try #require(try JSONParser.parse(Array(text.utf8)).objectValue)
        #expect(object.count == count)
        #expect(object.keys.first == "k0")
        #expect(object.keys.last == "k\(count - 1)")
    }

    @Test func aDuplicateFarIntoALargeObjectIsStillFound() {
        let text = "{" + (0..<50_000).map { "\"k\($0)\":1" }.joined(separator: ",") + ",\"k49\":2}"
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(text.utf8)) }
    }
}
