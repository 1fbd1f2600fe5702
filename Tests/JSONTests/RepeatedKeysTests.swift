import TestSupport
import Testing

@testable import JSON

@Suite("JSONParser: repeated keys", .timeLimit(.minutes(10)), .hangGuard)
struct RepeatedKeysTests {
    private func parse(_ text: String, _ repeatedKeys: JSONParser.RepeatedKeys) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), repeatedKeys: repeatedKeys)
    }

    @Test func refusedAsEveryOtherParseRefusesThem() {
        #expect(throws: JSONParseError(reason: .duplicateKey("a"), offset: 13, line: 1, column: 14)) {
            try parse(#"{"a":1,"b":2,"a":3}"#, .refused)
        }
    }

    @Test func theLastValueWinsAtTheFirstPosition() throws {
        let value = try parse(#"{"a":1,"b":2,"a":3}"#, .lastValueWins)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value == ["a": 3, "b": 2])
    }

    @Test func nestedObjectsAreMergedWhereverTheyStand() throws {
        let value = try parse(#"[{"x":{"k":1,"k":{"deep":true,"deep":false}}},{"y":1}]"#, .lastValueWins)
        #expect(value == [["x": ["k": ["deep": false]]], ["y": 1]])
        #expect(value.arrayValue?.first?["x"]?.objectValue?.keys == ["k"])
    }

    @Test func largeObjectsAreMergedToo() throws {
        let members = (0..<40).map { "\"k\($0 % 20)\":\($0)" }.joined(separator: ",")
        let value = try parse("{\(members)}", .lastValueWins)
        #expect(value.objectValue?.keys == (0..<20).map { "k\($0)" })
        #expect(value["k3"] == 23)
    }

    @Test func aDocumentWithoutRepeatsIsTheStrictParsesDocument() throws {
        let text = #"{"b":[1,{"c":null}],"a":"x"}"#
        let value = try parse(text, .lastValueWins)
        #expect(value == (try JSONParser.parse(text)))
        #expect(value.objectValue?.keys == ["b", "a"])
    }

    @Test func everythingElseIsRefusedAsBefore() {
        #expect(throws: JSONParseError.self) { try parse(#"{"a":1,"a":2,}"#, .lastValueWins) }
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParseError.self) { try parse(deep, .lastValueWins) }
    }

    @Test func theExplanationIsTheDescriptionWithoutThePosition() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONParser.parse("{\"a\" 1}") }
        #expect(error.explanation == "unexpected character '1'; expected ':' after a key")
        #expect(error.description == "invalid JSON at line 1, column 6 (byte 5): " + error.explanation)
    }
}
