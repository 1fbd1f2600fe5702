import FlowFiles
import TestSupport
import Testing

/// What `JSONLogic.init` refuses, and where it says the problem is.
@Suite("Compiling", .timeLimit(.minutes(10)), .hangGuard)
struct CompileTests {
    static let malformed: [(rule: String, operation: String, pointer: String)] = [
        (#"{"var": {}}"#, "var", "/var"), (#"{"var": true}"#, "var", "/var"), (#"{"var": [[1]]}"#, "var", "/var/0"),
        (#"{"var": [{"a": 1, "b": 2}, 1]}"#, "var", "/var/0"), (#"{"var": ["a", 1, 2]}"#, "var", "/var"),
        (#"{"map": [[1]]}"#, "map", "/map"), (#"{"map": [[1], 1, 2]}"#, "map", "/map"), (#"{"filter": []}"#, "filter", "/filter"),
        (#"{"all": 1}"#, "all", "/all"), (#"{"none": [1]}"#, "none", "/none"), (#"{"some": [1, 2, 3]}"#, "some", "/some"),
        (#"{"reduce": [[1]]}"#, "reduce", "/reduce"), (#"{"reduce": [[1], 1, 2, 3]}"#, "reduce", "/reduce"),
        (#"{"missing_some": [1]}"#, "missing_some", "/missing_some"), (#"{"*": []}"#, "*", "/*"),
        (#"{"substr": []}"#, "substr", "/substr"), (#"{"substr": ["a", 1, 2, 3]}"#, "substr", "/substr"),
        (#"{"if": [true, {"var": {}}]}"#, "var", "/if/1/var"), (#"{"map": [[1], {"var": true}]}"#, "var", "/map/1/var"),
        (#"[0, {"and": [{"reduce": [1]}]}]"#, "reduce", "/1/and/0/reduce"),
    ]

    @Test(arguments: malformed)
    func refusesAMalformedUse(rule: String, operation: String, pointer: String) throws {
        do {
            _ = try JSONLogic(json(rule))
            Issue.record("\(rule) compiled")
        } catch {
            guard case .malformed(let named, _) = error.kind else { throw error }
            #expect(named == operation)
            #expect(error.pointer == pointer)
        }
    }

    @Test func saysWhatIsWrong() throws {
        #expect(throws: JSONLogicError(.malformed(operation: "map", reason: "takes 2 arguments, not 1"), at: "/map")) {
            try JSONLogic(json(#"{"map": [[1]]}"#))
        }
        #expect(
            throws: JSONLogicError(
                .malformed(operation: "var", reason: "takes a path that is a string, a number or null, not an object"), at: "/var")
        ) {
            try JSONLogic(json(#"{"var": {}}"#))
        }
        let error = JSONLogicError(.malformed(operation: "reduce", reason: "takes 2 or 3 arguments, not 1"), at: "/reduce")
        #expect(error.description == #"at /reduce: "reduce" takes 2 or 3 arguments, not 1"#)
    }

    @Test func acceptsWhatJSONLogicEvaluates() throws {
        for rule in [
            #"{"var": []}"#, #"{"var": null}"#, #"{"var": 1}"#, #"{"var": {"cat": ["a"]}}"#, #"{"*": 2}"#, #"{"substr": "a"}"#,
            #"{"map": [1, 2]}"#, #"{"reduce": [1, 2]}"#, #"{"missing": []}"#, #"{"==": []}"#, #"{"if": [1, 2, 3, 4, 5, 6, 7]}"#,
        ] {
            _ = try JSONLogic(json(rule))
        }
    }

    /// `{"!": {"!": … 1 …}}`, `levels` objects deep.
    private static func negations(_ levels: Int) -> JSONValue {
        var value: JSONValue = 1
        for _ in 0..<levels { value = .object(JSONObject([("!", value)])) }
        return value
    }

    @Test func anExpressionMayBeAsDeepAsTheParserAllows() throws {
        let limit = JSONLogic.maxExpressionDepth
        #expect(limit == JSONParser.defaultMaxDepth)
        #expect(try JSONLogic(Self.negations(limit)).evaluate(nil) == .bool(limit % 2 == 0))
        #expect(throws: JSONLogicError(.tooDeep(limit: limit), at: String(repeating: "/!", count: limit))) {
            try JSONLogic(Self.negations(limit + 1))
        }
        var array: JSONValue = 1
        for _ in 0..<limit { array = [array] }
        _ = try JSONLogic(array)
        #expect(throws: JSONLogicError(.tooDeep(limit: limit), at: String(repeating: "/0", count: limit))) { try JSONLogic([array]) }
        // A literal object's contents count too.
        var literal: JSONValue = 1
        for _ in 0..<limit { literal = ["a": literal, "b": 2] }
        _ = try JSONLogic(literal)
        #expect(throws: JSONLogicError.self) { try JSONLogic(["x": literal, "y": 1]) }
    }

    @Test func deepNestingEvaluates() throws {
        // {"+": [1, {"+": [1, …]}]}: an object and an array a level, 32 levels.
        var sum: JSONValue = 0
        for _ in 0..<32 { sum = .object(JSONObject([("+", [1, sum])])) }
        #expect(try JSONLogic(sum).evaluate(nil) == 32)
        var chain: JSONValue = ["var": "a"]
        for _ in 0..<31 { chain = ["if": [true, chain]] }
        #expect(try JSONLogic(chain).evaluate(["a": "deep"]) == "deep")
    }

    @Test func listsTheVariablePathsItReads() throws {
        let logic = try JSONLogic(
            json(
                #"""
                {"and": [
                    {"var": "payload.text"}, {"var": ["store.x", 1]}, {"map": [{"var": "store.list"}, {"var": "qty"}]},
                    {"missing": ["context.a", "payload.text"]}, {"var": 1}, {"var": ""},
                    {"reduce": [{"var": "a"}, {"var": "current"}, {"var": "b"}]}, {"var": {"cat": ["x"]}},
                    {"missing_some": [1, ["p", "q"]]}, {"missing": {"var": "keys"}}, {"filter": [[1], {"var": "element"}]},
                    {"if": [{"var": "store.x"}, {"var": "screen.y"}]}, {"missing": [["m.1", "m.2"]]}, {"unknown": {"var": "u"}}
                ]}
                """#))
        #expect(
            logic.variablePaths == [
                "payload.text", "store.x", "store.list", "context.a", "1", "", "a", "b", "p", "q", "keys", "screen.y", "m.1", "m.2",
            ])
    }
}
