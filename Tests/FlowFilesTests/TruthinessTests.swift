import FlowFiles
import TestSupport
import Testing

/// JSON Logic's truthiness (jsonlogic.com/truthy), which differs from
/// JavaScript's for the empty array, and what `!`, `!!`, `if` make of it.
@Suite("Truthiness", .timeLimit(.minutes(10)), .hangGuard)
struct TruthinessTests {
    static let table: [(value: String, truthy: Bool)] = [
        ("0", false), ("-0", false), ("1", true), ("-1", true), ("0.5", true), ("1e-300", true),
        ("[]", false), ("[0]", true), ("[[]]", true), ("[1,2]", true),
        (#""""#, false), (#""anything""#, true), (#""0""#, true), (#"" ""#, true), (#""false""#, true),
        ("null", false), ("false", false), ("true", true),
        ("{}", true), (#"{"a": 1}"#, true),
    ]

    @Test(arguments: table)
    func valuesAreTruthyAsTheTableSays(value: String, truthy: Bool) throws {
        #expect(JSONLogic.isTruthy(json(value)) == truthy)
        #expect(try evaluate(#"{"!!": [{"var": ""}]}"#, value) == .bool(truthy))
        #expect(try evaluate(#"{"!": [{"var": ""}]}"#, value) == .bool(!truthy))
        #expect(try evaluate(#"{"if": [{"var": ""}, "yes", "no"]}"#, value) == (truthy ? "yes" : "no"))
    }

    @Test func notOfAnArrayArgumentIsOfTheArray() throws {
        // `{"!": [x]}` negates x; `{"!": []}` has no argument, which reads as null.
        #expect(try evaluate(#"{"!": [[]]}"#) == true)
        #expect(try evaluate(#"{"!": [[0]]}"#) == false)
        #expect(try evaluate(#"{"!": []}"#) == true)
        #expect(try evaluate(#"{"!!": []}"#) == false)
        #expect(try evaluate(#"{"!": false}"#) == true)
        #expect(try evaluate(#"{"!!": "0"}"#) == true)
    }

    @Test func notANumberIsFalsy() throws {
        #expect(try evaluate(#"{"!!": {"+": "apple"}}"#) == false)
        #expect(try evaluate(#"{"!!": {"/": [1, 0]}}"#) == true)
    }
}
