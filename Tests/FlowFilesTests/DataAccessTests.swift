import FlowFiles
import TestSupport
import Testing

/// `var`, `missing` and `missing_some`.
@Suite("Reading data", .timeLimit(.minutes(10)), .hangGuard)
struct DataAccessTests {
    static let variables: [Case] = [
        Case(#"{"var": "a"}"#, #"{"a": 1}"#, "1"), Case(#"{"var": ["a"]}"#, #"{"a": 1}"#, "1"),
        Case(#"{"var": "b"}"#, #"{"a": 1}"#, "null"),
        Case(#"{"var": "a.b.c"}"#, #"{"a": {"b": {"c": [1]}}}"#, "[1]"), Case(#"{"var": "a.0.b"}"#, #"{"a": [{"b": 1}]}"#, "1"),
        Case(#"{"var": "a.01"}"#, #"{"a": [1, 2]}"#, "null"), Case(#"{"var": "a.1"}"#, #"{"a": {"1": "x"}}"#, #""x""#),
        Case(#"{"var": "a.-1"}"#, #"{"a": [1, 2]}"#, "null"), Case(#"{"var": "a.2"}"#, #"{"a": [1, 2]}"#, "null"),
        Case(#"{"var": 0}"#, "[7]", "7"), Case(#"{"var": 1.5}"#, #"[[0], [0, 1, 2, 3, 4, "x"]]"#, #""x""#),
        Case(#"{"var": "a."}"#, #"{"a": {"": 3}}"#, "3"), Case(#"{"var": "a"}"#, #""text""#, "null"),
        Case(#"{"var": "a.length"}"#, #"{"a": [1, 2]}"#, "null"), Case(#"{"var": "a.b"}"#, #"{"a": 5}"#, "null"),
        // The default: only when nothing is there; a null found is returned.
        Case(#"{"var": ["a", 5]}"#, #"{"a": null}"#, "null"), Case(#"{"var": ["a.b", 5]}"#, #"{"a": null}"#, "5"),
        Case(#"{"var": ["a", 5]}"#, #"{"a": false}"#, "false"), Case(#"{"var": ["x", {"+": [1, 2]}]}"#, "{}", "3"),
        Case(#"{"var": ["x"]}"#, "null", "null"), Case(#"{"var": ["", 5]}"#, "null", "null"),
        // The whole data.
        Case(#"{"var": ""}"#, "[1, 2]", "[1, 2]"), Case(#"{"var": null}"#, "1", "1"), Case(#"{"var": []}"#, #""s""#, #""s""#),
        Case(#"{"var": [null, 5]}"#, "null", "null"),
        // Computed paths.
        Case(#"{"var": {"cat": ["a", ".b"]}}"#, #"{"a": {"b": 2}}"#, "2"), Case(#"{"var": {"if": [true, ""]}}"#, "[3]", "[3]"),
        Case(
            #"{"var": [{"if": [{"<": [{"var": "temp"}, 110]}, "pie.filling", "pie.eta"]}]}"#,
            #"{"temp": 100, "pie": {"filling": "apple", "eta": "60s"}}"#, #""apple""#),
        Case(#"{"var": [{"var": "key"}, "none"]}"#, #"{"key": "b", "b": 4}"#, "4"),
        Case(#"{"var": [{"var": "key"}, "none"]}"#, #"{"key": "c", "b": 4}"#, #""none""#),
        Case(#"{"var": {"+": [1, 0]}}"#, "[10, 11]", "11"), Case(#"{"var": {"var": "k"}}"#, #"{"k": null}"#, #"{"k": null}"#),
        Case(#"{"var": {"!": false}}"#, #"{"true": 1}"#, "1"),
    ]

    @Test(arguments: variables)
    func varReadsPaths(_ example: Case) throws {
        try example.check()
    }

    static let missing: [Case] = [
        Case(#"{"missing": ["a", "b"]}"#, #"{"a": "", "b": 0}"#, #"["a"]"#),
        Case(#"{"missing": ["a", "b"]}"#, #"{"a": null, "b": false}"#, #"["a"]"#),
        Case(#"{"missing": [["a"], "b"]}"#, "{}", #"["a"]"#), Case(#"{"missing": ["b", ["a"]]}"#, "{}", #"["b", ["a"]]"#),
        Case(#"{"missing": 1}"#, "[5]", "[1]"), Case(#"{"missing": 0}"#, "[5]", "[]"),
        Case(#"{"missing": ["a.b", "a.c"]}"#, #"{"a": {"b": [], "c": "x"}}"#, "[]"),
        Case(
            #"{"missing": {"merge": ["vin", {"if": [{"var": "financing"}, ["apr", "term"], []]}]}}"#, #"{"financing": true, "apr": 3}"#,
            #"["vin", "term"]"#),
        Case(#"{"missing": []}"#, "{}", "[]"),
        Case(#"{"missing_some": [1, ["a", "b", "c"]]}"#, #"{"a": "apple"}"#, "[]"),
        Case(#"{"missing_some": [2, ["a", "b", "c"]]}"#, #"{"a": "apple"}"#, #"["b", "c"]"#),
        Case(#"{"missing_some": [0, ["a"]]}"#, "{}", "[]"), Case(#"{"missing_some": [1, "a"]}"#, "{}", #"["a"]"#),
        Case(#"{"missing_some": ["1", ["a", "b"]]}"#, #"{"b": 1}"#, "[]"),
        Case(#"{"missing_some": [3, ["a", "b"]]}"#, #"{"a": 1, "b": 2}"#, "[]"),
        Case(
            #"{"if": [{"merge": [{"missing": ["first", "last"]}, {"missing_some": [1, ["cell", "home"]]}]}, "no", "ok"]}"#,
            #"{"first": "Bruce", "last": "Wayne"}"#, #""no""#),
        Case(
            #"{"if": [{"merge": [{"missing": ["first", "last"]}, {"missing_some": [1, ["cell", "home"]]}]}, "no", "ok"]}"#,
            #"{"first": "Bruce", "last": "Wayne", "home": "555"}"#, #""ok""#),
    ]

    @Test(arguments: missing)
    func missingListsAbsentKeys(_ example: Case) throws {
        try example.check()
    }
}
