import FlowFiles
import TestSupport
import Testing

/// `<`, `<=`, `>`, `>=`: text against text by UTF-16 code units, anything
/// else as numbers, and never true with a `NaN`; `<` and `<=` as "between".
@Suite("Comparisons", .timeLimit(.minutes(10)), .hangGuard)
struct ComparisonTests {
    static let cases: [Case] = [
        Case(#"{"<": ["a", "b"]}"#, "true"), Case(#"{"<": ["B", "a"]}"#, "true"), Case(#"{"<": ["10", "9"]}"#, "true"),
        Case(#"{"<": [10, "9"]}"#, "false"), Case(#"{"<": ["10", 9]}"#, "false"), Case(#"{">": ["b", "a"]}"#, "true"),
        Case(#"{">=": ["a", "a"]}"#, "true"), Case(#"{"<=": ["ab", "a"]}"#, "false"), Case(#"{"<": ["", "a"]}"#, "true"),
        Case(#"{"<": [null, 1]}"#, "true"), Case(#"{">=": [null, 0]}"#, "true"), Case(#"{">": [null, -1]}"#, "true"),
        Case(#"{">": [null, 0]}"#, "false"), Case(#"{"<": ["", 1]}"#, "true"), Case(#"{">": [true, false]}"#, "true"),
        Case(#"{">=": [true, 1]}"#, "true"),
        // Not a number: every comparison is false.
        Case(#"{"<": ["abc", 1]}"#, "false"), Case(#"{">=": ["abc", 1]}"#, "false"), Case(#"{"<=": ["abc", 1]}"#, "false"),
        Case(#"{">": ["abc", 1]}"#, "false"), Case(#"{"<": [{}, 1]}"#, "false"), Case(#"{">=": [{"+": "x"}, 0]}"#, "false"),
        // Arrays compare by their strings.
        Case(#"{">": [[2], 1]}"#, "true"), Case(#"{"<": [[1, 2], 3]}"#, "false"), Case(#"{"<": [[1, 2], "1,3"]}"#, "true"),
        Case(#"{"<=": [[], 0]}"#, "true"),
        // Code units: U+1F600 is a surrogate pair, whose first unit is below U+FF61.
        Case(#"{"<": ["\ud83d\ude00", "\uff61"]}"#, "true"),
        // Between.
        Case(#"{"<": [1, 2, 3]}"#, "true"), Case(#"{"<": [1, 1, 3]}"#, "false"), Case(#"{"<": [1, 4, 3]}"#, "false"),
        Case(#"{"<=": [1, 1, 3]}"#, "true"), Case(#"{"<=": [1, 3, 3]}"#, "true"), Case(#"{"<=": [1, 4, 3]}"#, "false"),
        Case(#"{"<": [0, {"var": "temp"}, 100]}"#, #"{"temp": 37}"#, "true"),
        Case(#"{"<": [0, {"var": "temp"}, 100]}"#, #"{"temp": 100}"#, "false"),
        // `>` and `>=` have no between form: a third argument is ignored.
        Case(#"{">": [3, 2, 5]}"#, "true"), Case(#"{">=": [3, 3, 9]}"#, "true"),
        // A missing argument is null, which compares as 0.
        Case(#"{">": [1]}"#, "true"), Case(#"{"<": []}"#, "false"), Case(#"{"<=": []}"#, "true"),
    ]

    @Test(arguments: cases)
    func comparesAsJavaScript(_ example: Case) throws {
        try example.check()
    }
}
