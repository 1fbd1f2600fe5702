import Coordination

extension Node {
    /// `if`, `and` and `or`, which evaluate only the arguments they need.
    ///
    /// `if` takes pairs of a condition and a value, then an optional value
    /// for when no condition holds (`null` without one). `and` gives its
    /// first falsy argument or its last one, `or` its first truthy one or
    /// its last one (`null` with no arguments).
    static func choose<Data: LogicData>(
        _ operation: Operation, _ arguments: [Node], _ data: Data, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> JSONValue {
        switch operation {
        case .branch:
            var offset = 0
            while offset + 1 < arguments.count {
                if JSONLogic.isTruthy(try arguments[offset].evaluate(data, &budget)) {
                    return try arguments[offset + 1].evaluate(data, &budget)
                }
                offset += 2
            }
            return offset < arguments.count ? try arguments[offset].evaluate(data, &budget) : .null
        default:
            let stopsWhenTruthy = operation == .or
            var value = JSONValue.null
            for argument in arguments {
                value = try argument.evaluate(data, &budget)
                if JSONLogic.isTruthy(value) == stopsWhenTruthy { return value }
            }
            return value
        }
    }

    /// `>`, `>=`, `<` and `<=`; `<` and `<=` with three arguments test that
    /// the second is between the other two.
    static func compare<Data: LogicData>(
        _ operation: Operation, _ arguments: [Node], _ data: Data, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> Bool {
        func argument(_ offset: Int) throws(EvaluationLimit) -> JSONValue {
            offset < arguments.count ? try arguments[offset].evaluate(data, &budget) : .null
        }
        func holds(_ lhs: JSONValue, _ rhs: JSONValue) throws(EvaluationLimit) -> Bool {
            switch try JSComparison.order(lhs, rhs, &budget) {
            case nil: false
            case .ascending?: operation == .less || operation == .lessOrEqual
            case .same?: operation == .lessOrEqual || operation == .greaterOrEqual
            case .descending?: operation == .greater || operation == .greaterOrEqual
            }
        }
        let first = try argument(0)
        let second = try argument(1)
        guard arguments.count > 2, operation == .less || operation == .lessOrEqual else { return try holds(first, second) }
        guard try holds(first, second) else { return false }
        return try holds(second, argument(2))
    }
}
