/// A value of a flow file, compiled once. An object with one member named
/// by a JSON Logic operation is that expression; any other object is an
/// object of values and an array an array of values, each member or
/// element a value in turn (how a file builds the input of an effect or a
/// screen's `with`); anything else is a literal.
public indirect enum FlowExpression: Sendable {
    case logic(JSONLogic)
    case object([(name: String, value: FlowExpression)])
    case array([FlowExpression])
    case literal(JSONValue)

    /// Whether `value` is a JSON Logic operation rather than a value holding some.
    static func isOperation(_ value: JSONValue) -> Bool {
        guard let object = value.objectValue, object.count == 1, let name = object.keys.first else { return false }
        return Operation(rawValue: name) != nil
    }

    /// Whether it is a value as written, with no expression in it.
    var isLiteral: Bool {
        if case .literal = self { return true }
        return false
    }

    /// Every path its `var`s read, in order.
    var variablePaths: [String] {
        switch self {
        case .logic(let logic): logic.variablePaths
        case .object(let members): members.flatMap(\.value.variablePaths)
        case .array(let elements): elements.flatMap(\.variablePaths)
        case .literal: []
        }
    }

    /// The value with `data` (an object of the data roots).
    public func evaluate(_ data: JSONValue) -> JSONValue {
        evaluate(reading: data)
    }

    /// The value with `data` read member by member (``ActionData``).
    func evaluate(reading data: some LogicData) -> JSONValue {
        switch self {
        case .logic(let logic): logic.evaluate(reading: data)
        case .object(let members): .object(JSONObject(members.map { ($0.name, $0.value.evaluate(reading: data)) }))
        case .array(let elements): .array(elements.map { $0.evaluate(reading: data) })
        case .literal(let value): value
        }
    }
}
