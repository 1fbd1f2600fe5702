import FlowFiles
import TestSupport
import Testing

/// What is not an operation is a literal: scalars, objects of several
/// members or none, objects whose one key is no operation; arrays are
/// evaluated element by element.
@Suite("Literals", .timeLimit(.minutes(10)), .hangGuard)
struct LiteralTests {
    static let literals = [
        "true", "false", "17", "3.14", #""apple""#, "null", #"["a", "b"]"#, "{}", "[]",
        #"{"var": "a", "b": 1}"#, #"{"unknown": [1, {"var": "a"}]}"#, #"{"a": {"var": "x"}, "b": 1}"#,
        #"{"log": "apple"}"#, #"{"VAR": "a"}"#, #"{"var ": "a"}"#,
    ]

    @Test(arguments: literals)
    func aLiteralIsItself(text: String) throws {
        #expect(try evaluate(text, #"{"a": 1, "x": 2}"#) == json(text))
    }

    @Test func arraysAreEvaluatedElementByElement() throws {
        #expect(
            try evaluate(#"[1, {"var": "x"}, [{"var": "y"}, {"z": {"var": "x"}}]]"#, #"{"x": 2, "y": 3}"#)
                == json(#"[1, 2, [3, {"z": {"var": "x"}}]]"#))
    }

    @Test func anOperationsArgumentsAreLiteralsToo() throws {
        #expect(try evaluate(#"{"merge": [{"a": 1, "b": 2}, {"nope": 1}]}"#) == json(#"[{"a": 1, "b": 2}, {"nope": 1}]"#))
        #expect(try evaluate(#"{"if": [true, {"x": {"var": "a"}}]}"#, #"{"a": 1}"#) == json(#"{"x": {"var": "a"}}"#))
    }
}
