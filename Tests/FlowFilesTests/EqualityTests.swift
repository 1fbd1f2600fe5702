import FlowFiles
import TestSupport
import Testing

/// `==` and `!=` with JavaScript's coercions, `===` and `!==` without.
@Suite("Equality", .timeLimit(.minutes(10)), .hangGuard)
struct EqualityTests {
    /// Pairs and whether JavaScript's `==` holds for them (checked against
    /// ECMAScript's IsLooselyEqual; arrays and objects from data, so each
    /// side is one object).
    static let loose: [(lhs: String, rhs: String, equal: Bool)] = [
        ("1", "1", true), ("1", #""1""#, true), ("1", "2", false), ("1.5", #""1.5""#, true),
        ("0", #""""#, true), ("0", #"" ""#, true), ("0", #""0""#, true), (#""""#, #""0""#, false),
        ("1000", #""1e3""#, true), ("16", #""0x10""#, true), ("12", #"" 12\n""#, true), ("12", #""12px""#, false),
        ("null", "null", true), ("null", "0", false), ("null", "false", false), ("null", #""""#, false), ("null", "[]", false),
        ("false", "0", true), ("false", #""""#, true), ("false", #""0""#, true), ("true", #""1""#, true),
        ("true", "2", false), ("true", #""true""#, false), ("false", "null", false), ("true", "true", true),
        ("[]", "false", true), ("[]", "0", true), ("[]", #""""#, true), ("[0]", "false", true), ("[1]", "true", true),
        ("[1,2]", #""1,2""#, true), ("[[1]]", "1", true), ("[null]", #""""#, true), ("[1,[2,3]]", #""1,2,3""#, true),
        ("[]", "[]", false), ("[1]", "[1]", false), ("{}", "{}", false), ("{}", #""[object Object]""#, true),
        ("{}", "[]", false), (#""abc""#, #""abc""#, true), (#""abc""#, #""ABC""#, false),
        // Code units, not canonical equivalence: precomposed é against e and a combining accent.
        (#""\u00e9""#, #""e\u0301""#, false),
    ]

    @Test(arguments: loose)
    func looseEqualityCoercesAsJavaScript(lhs: String, rhs: String, equal: Bool) throws {
        let data = "{\"a\": \(lhs), \"b\": \(rhs)}"
        #expect(try evaluate(#"{"==": [{"var": "a"}, {"var": "b"}]}"#, data) == .bool(equal))
        #expect(try evaluate(#"{"==": [{"var": "b"}, {"var": "a"}]}"#, data) == .bool(equal))
        #expect(try evaluate(#"{"!=": [{"var": "a"}, {"var": "b"}]}"#, data) == .bool(!equal))
    }

    static let strict: [(lhs: String, rhs: String, equal: Bool)] = [
        ("1", "1", true), ("1", "1.0", true), ("1", #""1""#, false), ("null", "null", true), ("null", "false", false),
        ("true", "true", true), ("true", "1", false), (#""a""#, #""a""#, true), (#""""#, "0", false),
        ("[]", "[]", false), ("{}", "{}", false), ("[1]", "[1]", false), (#""\u00e9""#, #""e\u0301""#, false),
    ]

    @Test(arguments: strict)
    func strictEqualityComparesKindAndValue(lhs: String, rhs: String, equal: Bool) throws {
        let data = "{\"a\": \(lhs), \"b\": \(rhs)}"
        #expect(try evaluate(#"{"===": [{"var": "a"}, {"var": "b"}]}"#, data) == .bool(equal))
        #expect(try evaluate(#"{"!==": [{"var": "a"}, {"var": "b"}]}"#, data) == .bool(!equal))
    }

    @Test func notANumberEqualsNothingAndZeroEqualsMinusZero() throws {
        #expect(try evaluate(#"{"==": [{"+": "x"}, {"+": "x"}]}"#) == false)
        #expect(try evaluate(#"{"===": [{"+": "x"}, {"+": "x"}]}"#) == false)
        #expect(try evaluate(#"{"!=": [{"+": "x"}, {"+": "x"}]}"#) == true)
        #expect(try evaluate(#"{"===": [0, {"-": 0}]}"#) == true)
        #expect(try evaluate(#"{"==": [{"/": [1, 0]}, "Infinity"]}"#) == true)
    }

    @Test func aMissingArgumentIsNull() throws {
        #expect(try evaluate(#"{"==": [null]}"#) == true)
        #expect(try evaluate(#"{"==": [1]}"#) == false)
        #expect(try evaluate(#"{"===": []}"#) == true)
    }
}
