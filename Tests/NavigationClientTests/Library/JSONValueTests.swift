import Foundation
import NavigationClient
import TestSupport
import Testing

@Suite("JSONValue: parsing, text and decoding", .timeLimit(.minutes(10)), .hangGuard)
struct JSONValueTests {
    // MARK: - Parsing

    @Test func objectsKeepTheOrderOfTheirMembers() throws {
        let value = try JSONValue(parsing: #"{"zeta": 1, "alpha": 2, "mid": {"b": true, "a": null}}"#)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
        #expect(value["mid"]?.objectValue?.keys == ["b", "a"])
        #expect(value["mid"]?["a"] == .null)
        #expect(value["missing"] == nil)
    }

    @Test func equalityIgnoresMemberOrderAsJSONDoes() throws {
        #expect(try JSONValue(parsing: #"{"a":1,"b":2}"#) == JSONValue(parsing: #"{"b":2,"a":1}"#))
        #expect(try JSONValue(parsing: #"{"a":1}"#) != JSONValue(parsing: #"{"a":2}"#))
    }

    @Test func aRepeatedMemberKeepsItsFirstPlaceAndLastValue() throws {
        let value = try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""tab\tquote\"slash\/back\\""#, "tab\tquote\"slash/back\\"),
        (#""\u00e9\u4e2d""#, "é中"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\b\f\n\r""#, "\u{08}\u{0C}\n\r"),
        ("\"raw é 😀\"", "raw é 😀"),
    ])
    func stringsDecodeTheirEscapes(text: String, expected: String) throws {
        #expect(try JSONValue(parsing: text) == .string(expected))
    }

    @Test(arguments: [("0", 0.0), ("-12", -12), ("3.25", 3.25), ("1e3", 1000), ("-2.5E-2", -0.025), ("1380.5", 1380.5)])
    func numbers(text: String, expected: Double) throws {
        #expect(try JSONValue(parsing: text) == .number(expected))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\"}", "{\"a\":1,}", "01", "1.", "-", ".5", "1e", "tru", "nul", "\"open", "\"\\x\"",
        "\"\\u12\"", "\"\\u+abc\"", "\"\\ud800\"", "\"\\ud800\\u0041\"", "\"a\u{01}b\"", "1 2", "{} x", "1e999", "[1 2]", "{1:2}",
    ])
    func malformedTextIsRefused(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
    }

    @Test func invalidUTF8IsRefused() {
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: [0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test func nestingIsBounded() throws {
        let deep = 256
        #expect(throws: Never.self) { try JSONValue(parsing: String(repeating: "[", count: deep) + String(repeating: "]", count: deep)) }
        let tooDeep = String(repeating: "[", count: deep + 1) + String(repeating: "]", count: deep + 1)
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: tooDeep) }
        // Far deeper than any stack could recurse, refused without crashing.
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: String(repeating: "{\"a\":", count: 100_000)) }
    }

    // MARK: - Text

    @Test func textIsCompactOrderedAndReadsBack() throws {
        let value: JSONValue = ["b": [1, 2.5, true, nil], "a": "line\nbreak \"quoted\" \u{01}", "c": [:]]
        let text = value.jsonText
        #expect(text == #"{"b":[1,2.5,true,null],"a":"line\nbreak \"quoted\" \u0001","c":{}}"#)
        let back = try JSONValue(parsing: text)
        #expect(back == value)
        #expect(back.objectValue?.keys == ["b", "a", "c"])
    }

    // MARK: - Codable

    private struct Item: Codable, Equatable {
        let code: String
        let rate: Double
        let count: Int?
        let tags: [String]
    }

    @Test func decodesAnAppsOwnTypes() throws {
        let value = try JSONValue(parsing: #"{"code":"USD","rate":1380.5,"tags":["a","b"],"extra":{}}"#)
        let item = try JSONValueDecoder().decode(Item.self, from: value)
        #expect(item == Item(code: "USD", rate: 1380.5, count: nil, tags: ["a", "b"]))
    }

    @Test func mismatchesSayWhere() throws {
        let value = try JSONValue(parsing: #"{"code":"USD","rate":"high","tags":[]}"#)
        do {
            _ = try JSONValueDecoder().decode(Item.self, from: value)
            Issue.record("decoded a string as a number")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["rate"])
        }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(Int.self, from: 2.5) }
        #expect(throws: DecodingError.self) { try JSONValueDecoder().decode(UInt8.self, from: 300) }
        #expect(try JSONValueDecoder().decode(Int.self, from: 2.0) == 2)
    }

    @Test func foundationCodersRoundTripAValue() throws {
        let value: JSONValue = ["s": "x", "n": 1.5, "i": 3, "b": false, "z": nil, "a": [1, ["k": "v"]]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(try JSONValueDecoder().decode(JSONValue.self, from: data) == value)
    }
}
