import FlowFiles
import Testing

/// JSON text as a value; tests write expressions, data and results as JSON.
func json(_ text: String) -> JSONValue {
    try! JSONParser.parse(text)
}

/// The value of the expression `rule` for `data`, both JSON text.
func evaluate(_ rule: String, _ data: String = "null") throws -> JSONValue {
    try JSONLogic(json(rule)).evaluate(json(data))
}

/// One expression, its data and the value it should have, as JSON text.
struct Case: Sendable, CustomTestStringConvertible {
    let rule: String
    let data: String
    let expected: String

    init(_ rule: String, _ data: String, _ expected: String) {
        self.rule = rule
        self.data = data
        self.expected = expected
    }

    /// A rule for `null` data.
    init(_ rule: String, _ expected: String) {
        self.init(rule, "null", expected)
    }

    var testDescription: String { "\(rule) with \(data)" }

    /// Records an issue unless the rule gives the expected value.
    func check() throws {
        let value = try evaluate(rule, data)
        #expect(value == json(expected), "\(rule) with \(data) is \(value), not \(expected)")
    }
}
