import FlowFiles
import TestSupport
import Testing

/// `cat`, `substr` and `in`, on JavaScript's strings of values and its
/// UTF-16 code units.
@Suite("Text operations", .timeLimit(.minutes(10)), .hangGuard)
struct TextOperationTests {
    static let concatenation: [Case] = [
        Case(#"{"cat": []}"#, #""""#), Case(#"{"cat": "ice"}"#, #""ice""#), Case(#"{"cat": ["I love", " pie"]}"#, #""I love pie""#),
        Case(#"{"cat": ["a", null, 1, true, false, 2.5]}"#, #""a1truefalse2.5""#),
        Case(#"{"cat": [[1, [2, null]], "|", {"var": "o"}]}"#, #"{"o": {}}"#, #""1,2,|[object Object]""#),
        Case(#"{"cat": [[null], [], [[]]]}"#, #""""#),
        Case(#"{"cat": ["Hello, ", {"var": ""}]}"#, #""Dolly""#, #""Hello, Dolly""#),
        Case(#"{"cat": [{"var": "missing"}, "x"]}"#, "{}", #""x""#),
    ]

    @Test(arguments: concatenation)
    func catJoinsStrings(_ example: Case) throws {
        try example.check()
    }

    static let substrings: [Case] = [
        Case(#"{"substr": ["jsonlogic", 4]}"#, #""logic""#), Case(#"{"substr": ["jsonlogic", -5]}"#, #""logic""#),
        Case(#"{"substr": ["jsonlogic", 1, 3]}"#, #""son""#), Case(#"{"substr": ["jsonlogic", 4, -2]}"#, #""log""#),
        Case(#"{"substr": ["jsonlogic", -5, -2]}"#, #""log""#), Case(#"{"substr": ["jsonlogic", -1, 1]}"#, #""c""#),
        Case(#"{"substr": ["jsonlogic", -20]}"#, #""jsonlogic""#), Case(#"{"substr": ["jsonlogic", -20, 2]}"#, #""js""#),
        Case(#"{"substr": ["jsonlogic", 20]}"#, #""""#), Case(#"{"substr": ["jsonlogic", 2, 0]}"#, #""""#),
        Case(#"{"substr": ["jsonlogic", 2, -20]}"#, #""""#), Case(#"{"substr": ["jsonlogic", 2, 100]}"#, #""onlogic""#),
        Case(#"{"substr": ["jsonlogic", -3, -3]}"#, #""""#), Case(#"{"substr": ["jsonlogic", "2", "3"]}"#, #""onl""#),
        Case(#"{"substr": ["jsonlogic", 1.9, 2.9]}"#, #""so""#), Case(#"{"substr": ["jsonlogic", -1.5]}"#, #""c""#),
        Case(#"{"substr": ["jsonlogic", "x"]}"#, #""jsonlogic""#), Case(#"{"substr": ["jsonlogic", 1, null]}"#, #""""#),
        Case(#"{"substr": ["jsonlogic", 1, "x"]}"#, #""""#), Case(#"{"substr": "abc"}"#, #""abc""#),
        Case(#"{"substr": [12345, 1, 2]}"#, #""23""#), Case(#"{"substr": [null, 1]}"#, #""ull""#),
        Case(#"{"substr": [[1, 2], 1]}"#, #"",2""#), Case(#"{"substr": [true, -2]}"#, #""ue""#),
        // UTF-16 code units: the emoji is two; cutting it leaves U+FFFD.
        Case(#"{"substr": ["\ud83d\ude00a", 2]}"#, #""a""#), Case(#"{"substr": ["\ud83d\ude00a", 1]}"#, #""\ufffda""#),
        Case(#"{"substr": ["\ud83d\ude00a", 0, 2]}"#, #""\ud83d\ude00""#), Case(#"{"substr": ["h\u00e9llo", 1, 1]}"#, #""\u00e9""#),
    ]

    @Test(arguments: substrings)
    func substrCutsAsJavaScriptAndJSONLogic(_ example: Case) throws {
        try example.check()
    }

    static let membership: [Case] = [
        Case(#"{"in": ["Spring", "Springfield"]}"#, "true"), Case(#"{"in": ["i", "team"]}"#, "false"),
        Case(#"{"in": ["", "abc"]}"#, "true"), Case(#"{"in": ["", ""]}"#, "false"), Case(#"{"in": ["a", ""]}"#, "false"),
        Case(#"{"in": [1, "a1"]}"#, "true"), Case(#"{"in": [null, "a null"]}"#, "true"), Case(#"{"in": [[1, 2], "x1,2"]}"#, "true"),
        Case(#"{"in": ["aab", "aaab"]}"#, "true"), Case(#"{"in": ["abab", "abaabab"]}"#, "true"),
        Case(#"{"in": ["abc", "ababd"]}"#, "false"),
        Case(#"{"in": ["abcabd", "abcabcabd"]}"#, "true"), Case(#"{"in": ["logic", "json"]}"#, "false"),
        // Code units: a decomposed é holds an e, a precomposed one does not.
        Case(#"{"in": ["e", "e\u0301"]}"#, "true"), Case(#"{"in": ["e", "\u00e9"]}"#, "false"),
        Case(#"{"in": ["Ringo", ["John", "Paul", "George", "Ringo"]]}"#, "true"), Case(#"{"in": ["Yoko", ["John"]]}"#, "false"),
        Case(#"{"in": [1, ["1"]]}"#, "false"), Case(#"{"in": [1, [1]]}"#, "true"), Case(#"{"in": [null, [null]]}"#, "true"),
        Case(#"{"in": [[1], [[1]]]}"#, "false"), Case(#"{"in": ["a", []]}"#, "false"),
        Case(#"{"in": ["a", null]}"#, "false"), Case(#"{"in": ["a", {"a": 1}]}"#, "false"), Case(#"{"in": [1, 1]}"#, "false"),
        Case(#"{"in": [{"var": "filling"}, ["apple", "cherry"]]}"#, #"{"filling": "apple"}"#, "true"),
    ]

    @Test(arguments: membership)
    func inFindsSubstringsAndElements(_ example: Case) throws {
        try example.check()
    }
}
