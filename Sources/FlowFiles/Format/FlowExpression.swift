/// A value of a flow file, compiled once: a JSON Logic expression, or a
/// literal (JSON Logic evaluates a literal to itself).
public struct FlowExpression: Sendable {
    private let logic: JSONLogic?
    private let literal: JSONValue

    init(_ logic: JSONLogic) {
        self.logic = logic
        self.literal = .null
    }

    init(literal: JSONValue) {
        self.logic = nil
        self.literal = literal
    }

    /// The value with `data` (an object of the data roots).
    public func evaluate(_ data: JSONValue) -> JSONValue {
        logic?.evaluate(data) ?? literal
    }
}
