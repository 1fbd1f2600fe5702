import FlowFiles
import TestSupport
import Testing

/// Evaluations stay within their work limit and value depth, however the
/// expression makes values grow.
@Suite("Limits", .timeLimit(.minutes(10)), .hangGuard)
struct LimitTests {
    /// `{"a": [0, 1, …]}`.
    private static func list(_ count: Int) -> JSONValue {
        ["a": .array((0..<count).map { .number(Double($0)) })]
    }

    /// Rules whose values double with every element of `a`.
    static let doubling = [
        #"{"reduce": [{"var": "a"}, {"merge": [{"var": "accumulator"}, {"var": "accumulator"}]}, [1]]}"#,
        #"{"reduce": [{"var": "a"}, {"cat": [{"var": "accumulator"}, {"var": "accumulator"}]}, "x"]}"#,
        #"{"reduce": [{"var": "a"}, [{"var": "accumulator"}, {"var": "accumulator"}], 0]}"#,
        #"{"reduce": [{"var": "a"}, {"if": [true, [{"var": "accumulator"}, {"var": "accumulator"}]]}, 0]}"#,
        #"{"!!": {"reduce": [{"var": "a"}, [{"var": "accumulator"}, {"var": "accumulator"}], 0]}}"#,
        #"{"cat": {"reduce": [{"var": "a"}, [{"var": "accumulator"}, {"var": "accumulator"}], 0]}}"#,
    ]

    @Test(arguments: doubling)
    func doublingStopsAtTheWorkLimit(rule: String) throws {
        let logic = try JSONLogic(json(rule))
        #expect(throws: JSONLogicError(.workLimitExceeded(limit: JSONLogic.defaultWorkLimit))) {
            try logic.evaluate(Self.list(64), workLimit: JSONLogic.defaultWorkLimit)
        }
        #expect(logic.evaluate(Self.list(64)) == nil)
        // A few doublings are fine.
        #expect(logic.evaluate(Self.list(3)) != nil)
    }

    @Test func nestedMapsThatDoubleStopAtTheWorkLimit() throws {
        // Every level makes each element a pair of itself: 2^24 leaves.
        var rule: JSONValue = ["var": "a"]
        for _ in 0..<24 { rule = ["map": [rule, [["var": ""], ["var": ""]]]] }
        let logic = try JSONLogic(rule)
        #expect(throws: JSONLogicError(.workLimitExceeded(limit: JSONLogic.defaultWorkLimit))) {
            try logic.evaluate(Self.list(4), workLimit: JSONLogic.defaultWorkLimit)
        }
        var few: JSONValue = ["var": "a"]
        for _ in 0..<4 { few = ["map": [few, [["var": ""], ["var": ""]]]] }
        #expect(
            try JSONLogic(few).evaluate(Self.list(1)) == [
                [[[[0, 0], [0, 0]], [[0, 0], [0, 0]]], [[[0, 0], [0, 0]], [[0, 0], [0, 0]]]]
            ])
    }

    static let wrapping = [
        #"{"reduce": [{"var": "a"}, [{"var": "accumulator"}], 0]}"#,
        #"{"reduce": [{"var": "a"}, {"var": ""}, 0]}"#,
        #"{"reduce": [{"var": "a"}, {"map": [[{"var": "accumulator"}], {"var": ""}]}, 0]}"#,
        #"{"reduce": [{"var": "a"}, {"missing": ["x", {"var": "accumulator"}]}, 0]}"#,
        #"{"reduce": [{"var": "a"}, {"reduce": [[1], {"var": ""}, {"var": "accumulator"}]}, 0]}"#,
    ]

    /// Wrapping the accumulator once an element stops at the value depth
    /// limit, so no value grows too deep to release or write.
    @Test(arguments: wrapping)
    func wrappingStopsAtTheValueDepthLimit(rule: String) throws {
        let logic = try JSONLogic(json(rule))
        #expect(throws: JSONLogicError(.valueTooDeep(limit: JSONLogic.maxValueDepth))) {
            try logic.evaluate(Self.list(10_000), workLimit: JSONLogic.defaultWorkLimit)
        }
        #expect(logic.evaluate(Self.list(30)) != nil)
    }

    @Test func textOfADeepArrayStopsAtTheValueDepthLimit() throws {
        var deep: JSONValue = 1
        for _ in 0..<(JSONLogic.maxValueDepth + 1) { deep = [deep] }
        #expect(throws: JSONLogicError(.valueTooDeep(limit: JSONLogic.maxValueDepth))) {
            try JSONLogic(json(#"{"cat": {"var": "d"}}"#)).evaluate(["d": deep], workLimit: JSONLogic.defaultWorkLimit)
        }
        #expect(try JSONLogic(json(#"{"cat": {"var": "d.0"}}"#)).evaluate(["d": deep]) == "1")
    }

    @Test func largeDataFitsTheDefaultLimit() throws {
        let data = Self.list(100_000)
        #expect(try JSONLogic(json(#"{"var": "a"}"#)).evaluate(data) == data["a"])
        #expect(try JSONLogic(json(#"{"reduce": [{"var": "a"}, {"+": [{"var": "accumulator"}, 1]}, 0]}"#)).evaluate(data) == 100_000)
        #expect(try JSONLogic(json(#"{"filter": [{"var": "a"}, {"<": [{"var": ""}, 3]}]}"#)).evaluate(data) == [0, 1, 2])
    }

    @Test func theWorkLimitCountsNodes() throws {
        let logic = try JSONLogic(json(#"{"+": [1, 2]}"#))
        #expect(try logic.evaluate(nil, workLimit: 3) == 3)
        #expect(throws: JSONLogicError(.workLimitExceeded(limit: 2))) { try logic.evaluate(nil, workLimit: 2) }
    }
}
