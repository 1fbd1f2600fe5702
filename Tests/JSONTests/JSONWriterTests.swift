import TestSupport
import Testing

@testable import JSON

@Suite("JSONWriter", .timeLimit(.minutes(10)), .hangGuard)
struct JSONWriterTests {
    // MARK: - Helpers

    private func number(_ d: Double) -> String { writtenText { $0.writeNumber(d) } }
    private func string(_ s: String) -> String { writtenText { $0.writeString(s) } }

    // MARK: - Strings

    @Test func escapesQuoteBackslashAndShortForms() {
        #expect(string("a\"b\\c") == #""a\"b\\c""#)
        #expect(string("\n\r\t\u{8}\u{C}") == #""\n\r\t\b\f""#)
    }

    @Test func escapesOtherControlCharactersAsUnicode() {
        #expect(string("\u{0}\u{1}\u{1F}") == #""\u0000\u0001\u001f""#)
        #expect(string("\u{7F}") == "\"\u{7F}\"")  // DEL is not a JSON control character
    }

    @Test func escapesHTMLSensitiveCharacters() {
        #expect(string("</script><b>&amp;") == #""\u003c/script\u003e\u003cb\u003e\u0026amp;""#)
    }

    @Test func escapesLineAndParagraphSeparators() {
        #expect(string("a\u{2028}b\u{2029}c") == #""a\u2028b\u2029c""#)
        // Neighbouring E2-led characters pass through raw.
        #expect(string("\u{2027}\u{202A}€") == "\"\u{2027}\u{202A}€\"")
    }

    @Test func writesNonASCIIAsRawUTF8() {
        let korean = "안녕하세요"
        let japanese = "こんにちは"
        let emoji = "😀👍🏽"
        #expect(string(korean) == "\"\(korean)\"")
        #expect(string(japanese) == "\"\(japanese)\"")
        var writer = JSONWriter()
        writer.writeString(emoji)
        #expect(writer.bytes == [0x22] + Array(emoji.utf8) + [0x22])
    }

    @Test func writesEmptyAndLongStrings() {
        #expect(string("") == #""""#)
        let long = String(repeating: "abc<", count: 1_000)
        let expected = "\"" + String(repeating: "abc\\u003c", count: 1_000) + "\""
        #expect(string(long) == expected)
    }

    // MARK: - Numbers

    @Test func integralNumbersPrintAsIntegers() {
        #expect(number(0) == "0")
        #expect(number(-0.0) == "0")
        #expect(number(3) == "3")
        #expect(number(-42) == "-42")
        #expect(number(1e3) == "1000")
        #expect(number(9_007_199_254_740_991) == "9007199254740991")
        #expect(number(-9_007_199_254_740_991) == "-9007199254740991")
    }

    @Test func fractionsAndLargeValuesUseShortestRoundTripForm() {
        #expect(number(1380.5) == "1380.5")
        #expect(number(0.1) == "0.1")
        #expect(number(1.5e-7) == "1.5e-07")
        #expect(number(1e20) == "1e+20")
        #expect(number(-2.5e-5) == "-2.5e-05")
        #expect(number(9_007_199_254_740_992) == "9007199254740992")
        #expect(number(1.7976931348623157e308) == "1.7976931348623157e+308")
        #expect(number(.leastNonzeroMagnitude) == "5e-324")
    }

    /// Numbers with few decimals take a fast path (``JSONWriter/shortDecimal(of:)``):
    /// it must print exactly what `Double.description` prints, and count what it prints.
    @Test func decimalsPrintExactlyAsDescriptionDoes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            // SplitMix64: the same samples on every run.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var samples: [Double] = [
            1380.5, 9.21, 0.001, 0.0011, 0.30000000000000004, 1e15 + 0.5, 4_503_599_627_370_495.5, 0.009999999999999998,
        ]
        for _ in 0..<20_000 {
            var power = 1.0
            for _ in 0..<(next() % 18) { power *= 10 }
            let digits = Double(next() % (1 << (next() % 53)))
            samples += [digits / power, -digits / power, Double(bitPattern: next()), (Double(next() % 100_000) * 13.805).rounded() / 100]
        }
        var mismatches: [String] = []
        for sample in samples where sample.isFinite && sample.rounded(.towardZero) != sample {
            let expected = sample.description
            if number(sample) != expected || JSONValue.number(sample).encodedByteCount != expected.utf8.count {
                mismatches.append("\(expected) printed \(number(sample))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(samples.contains { JSONWriter.shortDecimal(of: $0.magnitude) != nil && $0.rounded(.towardZero) != $0 })
    }

    @Test func everyWrittenNumberParsesBackExactly() throws {
        let samples: [Double] = [0.1, 1.0 / 3, 1.5e-7, 1e20, 2e53, 123_456.789, -0.000_001, .leastNonzeroMagnitude, 1.7976931348623157e308]
        for sample in samples {
            let parsed = try JSONParser.parse(number(sample))
            #expect(parsed == .number(sample), "\(sample)")
        }
    }

    @Test func nonFiniteNumbersWriteNull() {
        #expect(number(.infinity) == "null")
        #expect(number(-.infinity) == "null")
        #expect(number(.nan) == "null")
    }

    @Test func aDigitStringCarriesEveryUInt64Exactly() {
        #expect(writtenText { $0.writeDigitString(0) } == #""0""#)
        #expect(writtenText { $0.writeDigitString(9_007_199_254_740_993) } == #""9007199254740993""#)
        #expect(writtenText { $0.writeDigitString(.max) } == #""18446744073709551615""#)
        #expect(writtenText { $0.writeObject { $0.member("seed") { $0.writeDigitString(42) } } } == #"{"seed":"42"}"#)
    }

    @Test func writeIntCoversTheWholeRange() {
        #expect(writtenText { $0.writeInt(0) } == "0")
        #expect(writtenText { $0.writeInt(-1) } == "-1")
        #expect(writtenText { $0.writeInt(1_234_567_890) } == "1234567890")
        #expect(writtenText { $0.writeInt(Int.max) } == "\(Int.max)")
        #expect(writtenText { $0.writeInt(Int.min) } == "\(Int.min)")
    }

    // MARK: - Values and raw output

    @Test func writesLiteralsAndContainersCompactly() {
        let value: JSONValue = ["a": [1, true, nil, "s"], "b": [:], "c": []]
        #expect(value.jsonString == #"{"a":[1,true,null,"s"],"b":{},"c":[]}"#)
        #expect(JSONValue.null.jsonString == "null")
        #expect(JSONValue.bool(false).jsonString == "false")
    }

    @Test func objectKeysAreWrittenInInsertionOrder() {
        var object: JSONObject = ["zeta": 1, "alpha": 2]
        object["mid"] = 3
        object["zeta"] = 4
        #expect(JSONValue.object(object).jsonString == #"{"zeta":4,"alpha":2,"mid":3}"#)
    }

    @Test func objectKeysAreEscaped() {
        let value: JSONValue = ["<k\"ey>": 1]
        #expect(value.jsonString == #"{"\u003ck\"ey\u003e":1}"#)
    }

    @Test func encodedMatchesJSONString() {
        let value: JSONValue = ["name": "안녕", "n": 1.5]
        #expect(value.encoded() == Array(value.jsonString.utf8))
    }

    @Test func rawWritesComposeWithTypedWrites() {
        let rendered = writtenText { writer in
            writer.writeRaw("{\"id\":")
            writer.writeInt(7)
            writer.writeRaw(Array(",\"ok\":".utf8))
            writer.writeBool(true)
            writer.writeRaw(",\"none\":")
            writer.writeNull()
            writer.writeRaw(",\"name\":")
            writer.writeString("a&b")
            writer.writeRaw("}")
        }
        #expect(rendered == #"{"id":7,"ok":true,"none":null,"name":"a\u0026b"}"#)
    }

    @Test func writesAppendToExistingBytes() {
        var writer = JSONWriter(capacity: 0)
        writer.write([1, 2])
        writer.write("x")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[1,2]"x""#)
    }
}
