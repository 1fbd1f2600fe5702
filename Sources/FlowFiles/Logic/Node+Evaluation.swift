import Coordination

extension Node {
    /// The node's value for `data`, spending a unit for the node and what
    /// its operation builds or scans.
    func evaluate<Data: LogicData>(_ data: Data, _ budget: inout WorkBudget) throws(EvaluationLimit) -> JSONValue {
        try budget.spend()
        switch self {
        case .literal(let value):
            return value
        case .array(let nodes):
            var elements: [JSONValue] = []
            elements.reserveCapacity(nodes.count)
            for node in nodes { elements.append(try node.evaluate(data, &budget)) }
            return .array(elements)
        case .variable(let path, let fallback):
            return try Self.read(path, fallback: fallback, in: data, &budget)
        case .iteration(let iteration, let input, let logic):
            return try Self.iterate(iteration, over: input.evaluate(data, &budget), logic: logic, &budget)
        case .reduce(let input, let logic, let initial, let checksDepth):
            let start = try initial?.evaluate(data, &budget) ?? .null
            return try Self.reduce(input.evaluate(data, &budget), logic: logic, from: start, checksDepth: checksDepth, &budget)
        case .operation(let operation, let arguments):
            return try Self.apply(operation, arguments, data, &budget)
        }
    }

    private static func apply<Data: LogicData>(
        _ operation: Operation, _ arguments: [Node], _ data: Data, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> JSONValue {
        /// Argument `offset`'s value; `null` when there is none.
        func argument(_ offset: Int) throws(EvaluationLimit) -> JSONValue {
            offset < arguments.count ? try arguments[offset].evaluate(data, &budget) : .null
        }
        switch operation {
        case .equal: return .bool(try JSEquality.loose(argument(0), argument(1), &budget))
        case .notEqual: return .bool(!(try JSEquality.loose(argument(0), argument(1), &budget)))
        case .strictEqual: return .bool(JSEquality.strict(try argument(0), try argument(1)))
        case .strictNotEqual: return .bool(!JSEquality.strict(try argument(0), try argument(1)))
        case .not: return .bool(!JSONLogic.isTruthy(try argument(0)))
        case .truthy: return .bool(JSONLogic.isTruthy(try argument(0)))
        case .greater, .greaterOrEqual, .less, .lessOrEqual:
            return .bool(try compare(operation, arguments, data, &budget))
        case .branch, .and, .or:
            return try choose(operation, arguments, data, &budget)
        case .max, .min, .add, .subtract, .multiply, .divide, .remainder:
            return try calculate(operation, arguments, data, &budget)
        case .merge:
            return try merge(arguments, data, &budget)
        case .in:
            return .bool(try contains(argument(1), argument(0), &budget))
        case .cat:
            return .string(try concatenate(arguments, data, &budget))
        case .substr:
            let source = try argument(0)
            let start = try argument(1)
            // Not `cond ? value : nil`: JSONValue takes `nil` as a literal of `null`.
            let length: JSONValue? = arguments.count > 2 ? .some(try argument(2)) : .none
            return .string(try substring(source, start: start, length: length, &budget))
        case .missing:
            return .array(try missingKeys(arguments, data, &budget))
        case .missingSome:
            return .array(try missingSome(need: argument(0), keys: argument(1), in: data, &budget))
        case .variable, .map, .filter, .reduce, .all, .none, .some:
            // Compiled into their own nodes.
            return .null
        }
    }
}
