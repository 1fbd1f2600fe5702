import FlowFiles
import TestSupport
import Testing

/// `if`, `and` and `or`: chains, odd and missing arguments, and the value
/// that decides (not a boolean).
@Suite("Control", .timeLimit(.minutes(10)), .hangGuard)
struct ControlTests {
    static let cases: [Case] = [
        Case(#"{"if": []}"#, "null"), Case(#"{"if": [true]}"#, "true"), Case(#"{"if": "apple"}"#, #""apple""#),
        Case(#"{"if": [true, "yes"]}"#, #""yes""#), Case(#"{"if": [false, "yes"]}"#, "null"),
        Case(#"{"if": [true, "yes", "no"]}"#, #""yes""#), Case(#"{"if": [[], "yes", "no"]}"#, #""no""#),
        Case(
            #"{"if": [{"<": [{"var": "temp"}, 0]}, "freezing", {"<": [{"var": "temp"}, 100]}, "liquid", "gas"]}"#, #"{"temp": 55}"#,
            #""liquid""#),
        Case(
            #"{"if": [{"<": [{"var": "temp"}, 0]}, "freezing", {"<": [{"var": "temp"}, 100]}, "liquid", "gas"]}"#, #"{"temp": 155}"#,
            #""gas""#),
        Case(#"{"if": [false, 1, false, 2, false, 3]}"#, "null"), Case(#"{"if": [false, 1, 0, 2, "", 3, "x"]}"#, #""x""#),
        Case(#"{"if": [false, 1, "0", 2, 3]}"#, "2"),
        Case(#"{"if": [{"var": "x"}, [{"var": "y"}], 99]}"#, #"{"x": true, "y": 42}"#, "[42]"),
        Case(#"{"and": []}"#, "null"), Case(#"{"or": []}"#, "null"), Case(#"{"and": [true, "a", 3]}"#, "3"),
        Case(#"{"and": [true, "", 3]}"#, #""""#), Case(#"{"and": [[], true]}"#, "[]"), Case(#"{"and": 0}"#, "0"),
        Case(#"{"or": [false, 0, "a"]}"#, #""a""#), Case(#"{"or": [false, 0, ""]}"#, #""""#), Case(#"{"or": [[], {}]}"#, "{}"),
        Case(#"{"or": [0, [0]]}"#, "[0]"), Case(#"{"or": [null, {"var": "a"}]}"#, #"{"a": [1]}"#, "[1]"),
    ]

    @Test(arguments: cases)
    func choosesAsJSONLogic(_ example: Case) throws {
        try example.check()
    }

    /// What is not chosen is not evaluated: the expensive branch would go
    /// over the tiny work limit.
    @Test func evaluatesOnlyWhatItNeeds() throws {
        let expensive = #"{"map": [{"var": "big"}, {"cat": [{"var": ""}, "x"]}]}"#
        let data = JSONValue.object(JSONObject([("big", .array(Array(repeating: "item", count: 1_000)))]))
        for rule in [#"{"or": [true, \#(expensive)]}"#, #"{"and": [false, \#(expensive)]}"#, #"{"if": [true, 1, \#(expensive)]}"#] {
            #expect(try JSONLogic(json(rule)).evaluate(data, workLimit: 20) != .null, "\(rule)")
        }
        #expect(throws: JSONLogicError(.workLimitExceeded(limit: 20))) {
            try JSONLogic(json(#"{"or": [false, \#(expensive)]}"#)).evaluate(data, workLimit: 20)
        }
    }
}
