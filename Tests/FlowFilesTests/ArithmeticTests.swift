import FlowFiles
import TestSupport
import Testing

/// `+`, `-`, `*`, `/`, `%`, `max`, `min`: `+` and `*` read arguments as
/// `parseFloat` does, the others as `Number` does; `NaN` and infinities come
/// out as `null`.
@Suite("Arithmetic", .timeLimit(.minutes(10)), .hangGuard)
struct ArithmeticTests {
    static let cases: [Case] = [
        Case(#"{"+": []}"#, "0"), Case(#"{"+": "3.14"}"#, "3.14"), Case(#"{"+": ["1", 1]}"#, "2"), Case(#"{"+": [1, 2, 3, 4]}"#, "10"),
        Case(#"{"+": ["12px", 1]}"#, "13"), Case(#"{"+": [" \n1", 1]}"#, "2"), Case(#"{"+": [".5", "5."]}"#, "5.5"),
        Case(#"{"+": ["1e3"]}"#, "1000"), Case(#"{"+": ["-1.5e-1x"]}"#, "-0.15"), Case(#"{"+": ["0x10"]}"#, "0"),
        Case(#"{"+": [[1], 1]}"#, "2"), Case(#"{"+": [[1, 2], 1]}"#, "2"),
        Case(#"{"+": [null, 1]}"#, "null"), Case(#"{"+": [true, 1]}"#, "null"), Case(#"{"+": ["", 1]}"#, "null"),
        Case(#"{"+": [{}, 1]}"#, "null"), Case(#"{"+": ["Infinity"]}"#, "null"), Case(#"{"+": ["e5"]}"#, "null"),
        Case(#"{"-": 2}"#, "-2"), Case(#"{"-": -2}"#, "2"), Case(#"{"-": "1"}"#, "-1"), Case(#"{"-": [3, 5]}"#, "-2"),
        Case(#"{"-": [null, 1]}"#, "-1"), Case(#"{"-": ["", 1]}"#, "-1"), Case(#"{"-": ["0x10", 1]}"#, "15"),
        Case(#"{"-": ["0b101", "0o7"]}"#, "-2"), Case(#"{"-": ["12px", 1]}"#, "null"), Case(#"{"-": [true, [2]]}"#, "-1"),
        Case(#"{"-": []}"#, "null"), Case(#"{"-": [5, 1, 1]}"#, "4"),
        Case(#"{"*": [2, "3"]}"#, "6"), Case(#"{"*": ["2"]}"#, "2"), Case(#"{"*": [null, 2]}"#, "null"), Case(#"{"*": [2, 2, 2]}"#, "8"),
        Case(#"{"/": [1, "2"]}"#, "0.5"), Case(#"{"/": [1, 0]}"#, "null"), Case(#"{"/": [0, 0]}"#, "null"), Case(#"{"/": [null, 4]}"#, "0"),
        Case(#"{"%": [-7, 3]}"#, "-1"), Case(#"{"%": [7, -3]}"#, "1"), Case(#"{"%": [5.5, 2]}"#, "1.5"), Case(#"{"%": [1, 0]}"#, "null"),
        Case(#"{"%": ["7", "3"]}"#, "1"), Case(#"{"%": [101, 2]}"#, "1"),
        Case(#"{"max": []}"#, "null"), Case(#"{"min": []}"#, "null"), Case(#"{"max": ["3", 2]}"#, "3"), Case(#"{"max": [1, "a"]}"#, "null"),
        Case(#"{"max": [null, -1]}"#, "0"), Case(#"{"min": [[5], 7]}"#, "5"), Case(#"{"max": [true, 0]}"#, "1"),
        Case(#"{"min": [-1, -3, 2]}"#, "-3"),
        Case(#"{"max": 4}"#, "4"),
    ]

    @Test(arguments: cases)
    func calculatesAsJavaScript(_ example: Case) throws {
        try example.check()
    }

    @Test func minusZeroComesOutAsZero() throws {
        for rule in [#"{"-": 0}"#, #"{"*": [-1, 0]}"#, #"{"%": [-1, 1]}"#, #"{"min": [0, {"-": 0}]}"#] {
            let value = try evaluate(rule)
            #expect(value == 0)
            #expect(value.numberValue?.sign == .plus, "\(rule)")
        }
        // Inside an evaluation it is still -0: 1 / -0 is -Infinity.
        #expect(try evaluate(#"{"<": [{"/": [1, {"-": 0}]}, 0]}"#) == true)
        #expect(try evaluate(#"{"max": [{"-": 0}, 0]}"#) == 0)
    }

    @Test func notANumberInsideAnArrayComesOutAsNull() throws {
        #expect(try evaluate(#"{"map": [[1, "x", 2], {"*": [{"var": ""}, 2]}]}"#) == [2, nil, 4])
        #expect(try evaluate(#"{"merge": [[{"/": [1, 0]}], {"-": "a"}]}"#) == [nil, nil])
    }
}
