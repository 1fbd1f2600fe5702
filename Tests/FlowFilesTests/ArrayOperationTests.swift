import FlowFiles
import TestSupport
import Testing

/// `map`, `filter`, `reduce`, `all`, `none`, `some` (their logic reads each
/// element as its data) and `merge`.
@Suite("Array operations", .timeLimit(.minutes(10)), .hangGuard)
struct ArrayOperationTests {
    static let iterations: [Case] = [
        Case(#"{"map": [{"var": "integers"}, {"*": [{"var": ""}, 2]}]}"#, #"{"integers": [1, 2, 3, 4, 5]}"#, "[2, 4, 6, 8, 10]"),
        Case(#"{"map": [[1, 2], {"var": ""}]}"#, "[1, 2]"), Case(#"{"map": [5, {"var": ""}]}"#, "[]"),
        Case(#"{"map": [{"var": "x"}, 1]}"#, "{}", "[]"), Case(#"{"map": [[{"a": 1}, {"b": 2}], {"var": "a"}]}"#, "[1, null]"),
        Case(#"{"map": [[[1, 2], [3]], {"map": [{"var": ""}, {"*": [{"var": ""}, 10]}]}]}"#, "[[10, 20], [30]]"),
        Case(#"{"map": [[1, 2], [{"var": ""}, {"var": "outer"}]]}"#, #"{"outer": 9}"#, "[[1, null], [2, null]]"),
        Case(#"{"filter": [{"var": "integers"}, {"%": [{"var": ""}, 2]}]}"#, #"{"integers": [1, 2, 3, 4, 5]}"#, "[1, 3, 5]"),
        Case(#"{"filter": [[[], [0], "", "0", 0, null, {}], {"var": ""}]}"#, #"[[0], "0", {}]"#),
        Case(#"{"filter": [{"a": 1}, true]}"#, "[]"),
        Case(#"{"all": [[1, 2, 3], {">": [{"var": ""}, 0]}]}"#, "true"), Case(#"{"all": [[1, 0], {"var": ""}]}"#, "false"),
        Case(#"{"all": [[], true]}"#, "false"), Case(#"{"all": ["abc", true]}"#, "false"), Case(#"{"all": [[[]], {"var": ""}]}"#, "false"),
        Case(#"{"some": [[-1, 0, 1], {">": [{"var": ""}, 0]}]}"#, "true"), Case(#"{"some": [[], true]}"#, "false"),
        Case(#"{"some": [{"var": "x"}, true]}"#, "{}", "false"), Case(#"{"some": [[0, ""], {"var": ""}]}"#, "false"),
        Case(#"{"none": [[-3, -2, -1], {">": [{"var": ""}, 0]}]}"#, "true"), Case(#"{"none": [[], true]}"#, "true"),
        Case(#"{"none": [null, true]}"#, "true"), Case(#"{"none": [[1], {"var": ""}]}"#, "false"),
        Case(
            #"{"some": [{"var": "pies"}, {"==": [{"var": "filling"}, "apple"]}]}"#,
            #"{"pies": [{"filling": "pumpkin"}, {"filling": "apple"}]}"#, "true"),
    ]

    @Test(arguments: iterations)
    func logicRunsOnEachElement(_ example: Case) throws {
        try example.check()
    }

    static let reductions: [Case] = [
        Case(
            #"{"reduce": [{"var": "integers"}, {"+": [{"var": "current"}, {"var": "accumulator"}]}, 0]}"#,
            #"{"integers": [1, 2, 3, 4, 5]}"#, "15"),
        Case(#"{"reduce": [[1, 2], {"+": [{"var": "accumulator"}, {"var": "current"}]}]}"#, "null"),
        Case(#"{"reduce": [[1, 2, 3], {"merge": [{"var": "accumulator"}, [{"*": [{"var": "current"}, 2]}]]}, []]}"#, "[2, 4, 6]"),
        Case(#"{"reduce": [5, {"var": "accumulator"}, "x"]}"#, #""x""#),
        Case(#"{"reduce": [[1], {"var": "other"}, 0]}"#, #"{"other": 1}"#, "null"),
        Case(#"{"reduce": [[], {"var": "current"}, {"var": "start"}]}"#, #"{"start": 7}"#, "7"),
        Case(#"{"reduce": [["a", "b"], {"cat": [{"var": "accumulator"}, {"var": "current"}]}, ">"]}"#, #"">ab""#),
        Case(#"{"reduce": [[3, 9, 4], {"max": [{"var": "accumulator"}, {"var": "current"}]}, 0]}"#, "9"),
        Case(#"{"reduce": [[1, 2], {"var": ""}, 0]}"#, #"{"current": 2, "accumulator": {"current": 1, "accumulator": 0}}"#),
        Case(
            #"{"reduce": [{"var": "desserts"}, {"+": [{"var": "accumulator"}, {"var": "current.qty"}]}, 0]}"#,
            #"{"desserts": [{"name": "apple", "qty": 1}, {"name": "brownie", "qty": 2}, {"name": "cupcake", "qty": 3}]}"#, "6"),
    ]

    @Test(arguments: reductions)
    func reduceFoldsFromTheInitialValue(_ example: Case) throws {
        try example.check()
    }

    static let merges: [Case] = [
        Case(#"{"merge": [[1, 2], [3, 4]]}"#, "[1, 2, 3, 4]"), Case(#"{"merge": [1, 2, [3, 4]]}"#, "[1, 2, 3, 4]"),
        Case(#"{"merge": [[[1]], 2]}"#, "[[1], 2]"), Case(#"{"merge": [{"a": 1}]}"#, #"[{"a": 1}]"#), Case(#"{"merge": [null]}"#, "[null]"),
        Case(#"{"merge": []}"#, "[]"), Case(#"{"merge": [[], []]}"#, "[]"), Case(#"{"merge": "a"}"#, #"["a"]"#),
        Case(#"{"merge": [{"var": "a"}, {"var": "b"}]}"#, #"{"a": [1], "b": [[2]]}"#, "[1, [2]]"),
    ]

    @Test(arguments: merges)
    func mergeFlattensOneLevel(_ example: Case) throws {
        try example.check()
    }
}
