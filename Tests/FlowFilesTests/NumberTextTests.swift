import FlowFiles
import TestSupport
import Testing

/// Numbers turned into text (`cat`, `in`, `substr`, `var` paths) as
/// JavaScript's `String(number)` prints them.
@Suite("Numbers as text", .timeLimit(.minutes(10)), .hangGuard)
struct NumberTextTests {
    static let cases: [(number: Double, text: String)] = [
        (0, "0"), (-0.0, "0"), (1, "1"), (-1, "-1"), (1.5, "1.5"), (-2.5, "-2.5"), (100, "100"), (0.1, "0.1"),
        (0.1 + 0.2, "0.30000000000000004"), (123.456, "123.456"), (1 / 3, "0.3333333333333333"),
        (9_007_199_254_740_991, "9007199254740991"), (9_007_199_254_740_992, "9007199254740992"),
        (18_446_744_073_709_551_616, "18446744073709552000"), (1e20, "100000000000000000000"),
        (1.2345678901234568e20, "123456789012345680000"), (1e21, "1e+21"), (1.5e300, "1.5e+300"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (0.000001, "0.000001"), (0.0000012, "0.0000012"),
        (1e-7, "1e-7"), (-1e-7, "-1e-7"), (1.23e-18, "1.23e-18"), (Double.leastNonzeroMagnitude, "5e-324"), (2e-7, "2e-7"),
        (1.5e-10, "1.5e-10"),
    ]

    @Test(arguments: cases)
    func printsAsJavaScript(number: Double, text: String) throws {
        let rule = JSONValue.object(JSONObject([("cat", .array([.number(number)]))]))
        #expect(try JSONLogic(rule).evaluate(nil) == .string(text))
    }

    @Test func printsWhatArithmeticMakes() throws {
        #expect(try evaluate(#"{"cat": [{"/": [1, 0]}, " ", {"-": {"/": [1, 0]}}, " ", {"+": "x"}]}"#) == "Infinity -Infinity NaN")
        #expect(try evaluate(#"{"cat": [{"-": 0}]}"#) == "0")
        #expect(try evaluate(#"{"cat": [{"*": [1.1, 1.1]}]}"#) == "1.2100000000000002")
    }
}
