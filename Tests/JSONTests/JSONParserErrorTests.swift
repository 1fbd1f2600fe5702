import TestSupport
import Testing

@testable import JSON

@Suite("JSONParser rejections", .timeLimit(.minutes(10)), .hangGuard)
struct JSONParserErrorTests {
    // MARK: - Helpers

    private func failure(_ bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    private func failure(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONParseError? {
        failure(Array(text.utf8), maxDepth: maxDepth)
    }

    private func expectRejected(_ rejection: Rejection, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = failure(rejection.input)
        #expect(error?.reason == rejection.reason, sourceLocation: sourceLocation)
        #expect(error?.offset == rejection.offset, sourceLocation: sourceLocation)
    }

    // MARK: - Input

    @Test func emptyBuffersAreEmptyInput() {
        do {
            _ = try JSONParser.parse(UnsafeRawBufferPointer(start: nil, count: 0))
            Issue.record("an empty buffer parsed")
        } catch {
            #expect(error == JSONParseError(reason: .emptyInput, offset: 0, line: 1, column: 1))
        }
        #expect(failure([UInt8]())?.reason == .emptyInput)
    }

    @Test func rejectsNonJSONWhitespace() {
        expectRejected(Rejection("\u{C}1", .unexpectedCharacter(0x0C), at: 0))
        expectRejected(Rejection("\u{B}1", .unexpectedCharacter(0x0B), at: 0))
        expectRejected(Rejection("\u{A0}1", .unexpectedCharacter(0xC2), at: 0))
    }

    // MARK: - Strings

    static let stringRejections: [Rejection] = [
        Rejection(#""\x""#, .invalidEscape, at: 1),
        Rejection(#""ab\'""#, .invalidEscape, at: 3),
        Rejection(#""\u12G4""#, .invalidEscape, at: 1),
        Rejection(#""\ud83d""#, .invalidEscape, at: 1),
        Rejection(#""ab\ud83dx""#, .invalidEscape, at: 3),
        Rejection(#""\ud83d\u0041""#, .invalidEscape, at: 1),
        Rejection(#""\ud83d\ud83d""#, .invalidEscape, at: 1),
        Rejection(#""\ude00""#, .invalidEscape, at: 1),
        Rejection(#""\u12"#, .unexpectedEnd, at: 5),
        Rejection(#""\ud83d"#, .unexpectedEnd, at: 7),
        Rejection(#""\ud83d\"#, .unexpectedEnd, at: 8),
        Rejection("\"a\nb\"", .controlCharacterInString, at: 2),
        Rejection("\"\t\"", .controlCharacterInString, at: 1),
        Rejection("\"\\n\u{1}\"", .controlCharacterInString, at: 3),
        Rejection(#""abc"#, .unexpectedEnd, at: 4),
        Rejection(#""abc\"#, .unexpectedEnd, at: 5),
        Rejection("['a']", .unexpectedCharacter(UInt8(ascii: "'")), at: 1),
    ]

    @Test(arguments: stringRejections)
    func rejectsMalformedStrings(_ rejection: Rejection) {
        expectRejected(rejection)
    }

    static let utf8Rejections: [Rejection] = [
        Rejection(bytes: [0x22, 0x80, 0x22], .invalidUTF8, at: 1),  // lone continuation byte
        Rejection(bytes: [0x22, 0xC0, 0x80, 0x22], .invalidUTF8, at: 1),  // overlong NUL
        Rejection(bytes: [0x22, 0xC1, 0xBF, 0x22], .invalidUTF8, at: 1),  // overlong 2-byte
        Rejection(bytes: [0x22, 0xE0, 0x9F, 0xBF, 0x22], .invalidUTF8, at: 1),  // overlong 3-byte
        Rejection(bytes: [0x22, 0xF0, 0x8F, 0xBF, 0xBF, 0x22], .invalidUTF8, at: 1),  // overlong 4-byte
        Rejection(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 1),  // encoded surrogate U+D800
        Rejection(bytes: [0x22, 0xED, 0xBF, 0xBF, 0x22], .invalidUTF8, at: 1),  // encoded surrogate U+DFFF
        Rejection(bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),  // above U+10FFFF
        Rejection(bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),  // lead byte > F4
        Rejection(bytes: [0x22, 0xFF, 0x22], .invalidUTF8, at: 1),
        Rejection(bytes: [0x22, 0x61, 0xE3, 0x81, 0x22], .invalidUTF8, at: 2),  // truncated 3-byte
        Rejection(bytes: [0x22, 0xC3, 0x22], .invalidUTF8, at: 1),  // truncated 2-byte
        Rejection(bytes: [0x22, 0x5C, 0x6E, 0xC3, 0x28, 0x22], .invalidUTF8, at: 3),  // after an escape
        Rejection(bytes: [0x22, 0xE3, 0x81], .unexpectedEnd, at: 3),  // input ends mid-sequence
        Rejection(bytes: [0xC3, 0xA9], .unexpectedCharacter(0xC3), at: 0),  // outside a string
        Rejection(bytes: Array("[1,".utf8) + [0xFF, 0x5D], .unexpectedCharacter(0xFF), at: 3),
        Rejection(bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), .unexpectedCharacter(0xEF), at: 0),  // BOM
    ]

    @Test(arguments: utf8Rejections)
    func rejectsInvalidUTF8(_ rejection: Rejection) {
        expectRejected(rejection)
    }

    // MARK: - Numbers

    static let numberRejections: [Rejection] = [
        Rejection("01", .invalidNumber, at: 0),
        Rejection("-01", .invalidNumber, at: 0),
        Rejection("[1, 00]", .invalidNumber, at: 4),
        Rejection("+1", .unexpectedCharacter(UInt8(ascii: "+")), at: 0),
        Rejection(".5", .unexpectedCharacter(UInt8(ascii: ".")), at: 0),
        Rejection("1.", .unexpectedEnd, at: 2),
        Rejection("1.e3", .invalidNumber, at: 0),
        Rejection("1e", .unexpectedEnd, at: 2),
        Rejection("1e+", .unexpectedEnd, at: 3),
        Rejection("1ex", .invalidNumber, at: 0),
        Rejection("-", .unexpectedEnd, at: 1),
        Rejection("- 1", .invalidNumber, at: 0),
        Rejection("0x10", .invalidNumber, at: 0),
        Rejection("1.2.3", .invalidNumber, at: 0),
        Rejection("NaN", .unexpectedCharacter(UInt8(ascii: "N")), at: 0),
        Rejection("Infinity", .unexpectedCharacter(UInt8(ascii: "I")), at: 0),
        Rejection("-Infinity", .invalidNumber, at: 0),
        Rejection("1e400", .invalidNumber, at: 0),
        Rejection("[-1e309]", .invalidNumber, at: 1),
        Rejection("1" + String(repeating: "0", count: 400), .invalidNumber, at: 0),
    ]

    @Test(arguments: numberRejections)
    func rejectsMalformedNumbers(_ rejection: Rejection) {
        expectRejected(rejection)
    }

    // MARK: - Structure

    static let structureRejections: [Rejection] = [
        Rejection("", .emptyInput, at: 0),
        Rejection(" \n\t ", .emptyInput, at: 4),
        Rejection("[1,]", .unexpectedCharacter(UInt8(ascii: "]")), at: 3),
        Rejection("[1 2]", .unexpectedCharacter(UInt8(ascii: "2")), at: 3),
        Rejection("[,1]", .unexpectedCharacter(UInt8(ascii: ",")), at: 1),
        Rejection(#"{"a" 1}"#, .unexpectedCharacter(UInt8(ascii: "1")), at: 5),
        Rejection(#"{"a":1 "b":2}"#, .unexpectedCharacter(UInt8(ascii: "\"")), at: 7),
        Rejection(#"{"a":1,}"#, .unexpectedCharacter(UInt8(ascii: "}")), at: 7),
        Rejection("{,}", .unexpectedCharacter(UInt8(ascii: ",")), at: 1),
        Rejection("{1:2}", .unexpectedCharacter(UInt8(ascii: "1")), at: 1),
        Rejection("[1}", .unexpectedCharacter(UInt8(ascii: "}")), at: 2),
        Rejection("[1,/*c*/2]", .unexpectedCharacter(UInt8(ascii: "/")), at: 3),
        Rejection("[1", .unexpectedEnd, at: 2),
        Rejection("[", .unexpectedEnd, at: 1),
        Rejection(#"{"a":"#, .unexpectedEnd, at: 5),
        Rejection(#"{"a""#, .unexpectedEnd, at: 4),
        Rejection("{", .unexpectedEnd, at: 1),
        Rejection("tru", .unexpectedEnd, at: 3),
        Rejection("tru e", .invalidLiteral, at: 0),
        Rejection("[nulL]", .invalidLiteral, at: 1),
        Rejection("True", .unexpectedCharacter(UInt8(ascii: "T")), at: 0),
        Rejection("[truex]", .unexpectedCharacter(UInt8(ascii: "x")), at: 5),
        Rejection("truex", .trailingData, at: 4),
        Rejection("{} x", .trailingData, at: 3),
        Rejection("1 2", .trailingData, at: 2),
        Rejection("[]]", .trailingData, at: 2),
        Rejection(#""a""b""#, .trailingData, at: 3),
        Rejection("[1]//c", .trailingData, at: 3),
        Rejection("null\u{0}", .trailingData, at: 4),
    ]

    @Test(arguments: structureRejections)
    func rejectsMalformedStructure(_ rejection: Rejection) {
        expectRejected(rejection)
    }

    // MARK: - Duplicate keys

    @Test func rejectsDuplicateKeys() {
        expectRejected(Rejection(#"{"a":1,"a":2}"#, .duplicateKey("a"), at: 7))
        expectRejected(Rejection(#"{"a":1,"\u0061":2}"#, .duplicateKey("a"), at: 7))
        expectRejected(Rejection(#"[{"x":{"k":1,"k":1}}]"#, .duplicateKey("k"), at: 13))
    }

    @Test func rejectsDuplicateKeysInLargeObjects() {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }
        let prefix = "{" + members.joined(separator: ",") + ","
        // A duplicate of an early key, and of a key first seen after the linear-scan limit.
        for key in ["k3", "k30"] {
            expectRejected(Rejection(prefix + "\"\(key)\":0}", .duplicateKey(key), at: prefix.utf8.count))
        }
    }

    @Test func canonicallyEquivalentKeysAreDuplicates() {
        // JSONObject compares keys as Swift Strings, so these would collide on lookup.
        let error = failure("{\"\u{E9}\":1,\"e\u{301}\":2}")
        #expect(error?.reason == .duplicateKey("e\u{301}"))
    }

    // MARK: - Depth

    @Test func rejectsNestingBeyondTheLimit() {
        let depth = JSONParser.defaultMaxDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        expectRejected(Rejection(text, .tooDeep(limit: 64), at: 64))
        #expect(failure("[[]]", maxDepth: 1)?.reason == .tooDeep(limit: 1))
        #expect(failure("{}", maxDepth: 0)?.reason == .tooDeep(limit: 0))
        #expect(failure(#"[{"a":[{}]}]"#, maxDepth: 3)?.offset == 7)
    }

    @Test func rejectsTenThousandDeepInputWithoutCrashing() {
        let arrays = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(failure(arrays)?.reason == .tooDeep(limit: 64))
        let objects = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(failure(objects)?.reason == .tooDeep(limit: 64))
        let unclosed = String(repeating: "[", count: 10_000)
        #expect(failure(unclosed)?.reason == .tooDeep(limit: 64))
    }

    // MARK: - Error positions and messages

    @Test func reportsLineAndColumn() {
        let error = failure("{\n  \"a\": tru,\n}")
        #expect(error == JSONParseError(reason: .invalidLiteral, offset: 9, line: 2, column: 8))
        let later = failure("[\r\n1,\r\n\r\n  x]")
        #expect(later == JSONParseError(reason: .unexpectedCharacter(UInt8(ascii: "x")), offset: 11, line: 4, column: 3))
    }

    @Test func descriptionNamesPositionAndExpectation() {
        let error = failure(#"{"a":1 "b":2}"#)
        #expect(
            error?.description
                == #"invalid JSON at line 1, column 8 (byte 7): unexpected character '"'; expected ',' or '}' after an object member"#)
        #expect(failure(#"{"a":1,"a":2}"#)?.description.contains(#"duplicate key "a""#) == true)
        #expect(failure([0xEF, 0xBB, 0xBF, 0x31])?.description.contains("byte 0xEF") == true)
        #expect(failure([0xEF, 0xBB, 0xBF, 0x31])?.description.contains("byte-order mark") == true)
        #expect(failure("01")?.description.contains("leading zeros") == true)
        #expect(failure("")?.description == "invalid JSON at line 1, column 1 (byte 0): empty input; expected a JSON value")
    }

    @Test func everyReasonHasItsOwnMessage() {
        let reasons: [JSONParseError.Reason] = [
            .unexpectedEnd, .unexpectedCharacter(0x41), .invalidUTF8, .invalidEscape, .invalidNumber, .invalidLiteral,
            .controlCharacterInString, .tooDeep(limit: 3), .trailingData, .duplicateKey("k"), .emptyInput,
        ]
        let messages = reasons.map { JSONParseError(reason: $0, offset: 0, line: 1, column: 1).description }
        #expect(Set(messages).count == reasons.count)
        #expect(messages.allSatisfy { $0.hasPrefix("invalid JSON at line 1, column 1 (byte 0): ") })
    }
}

extension JSONParserErrorTests {
    /// One malformed input and where the parser must say it fails.
    struct Rejection: Sendable, CustomTestStringConvertible {
        let input: [UInt8]
        let reason: JSONParseError.Reason
        let offset: Int

        init(_ text: String, _ reason: JSONParseError.Reason, at offset: Int) {
            self.init(bytes: Array(text.utf8), reason, at: offset)
        }

        init(bytes: [UInt8], _ reason: JSONParseError.Reason, at offset: Int) {
            self.input = bytes
            self.reason = reason
            self.offset = offset
        }

        var testDescription: String { String(decoding: input, as: UTF8.self).debugDescription }
    }
}
