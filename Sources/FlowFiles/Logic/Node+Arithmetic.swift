import Coordination

extension Node {
    /// `max`, `min`, `+`, `-`, `*`, `/` and `%`, as json-logic-js computes
    /// them: `+` and `*` read their arguments with `parseFloat` (so `"1"` is
    /// 1 and `null` is `NaN`), the others with `Number` (`null` is 0). `+` of
    /// one argument casts it; `-` of one negates it; `*` of one casts it too
    /// (json-logic-js returns it uncast). `max` and `min` of none are `null`.
    static func calculate<Data: LogicData>(
        _ operation: Operation, _ arguments: [Node], _ data: Data, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> JSONValue {
        func argument(_ offset: Int) throws(EvaluationLimit) -> JSONValue {
            offset < arguments.count ? try arguments[offset].evaluate(data, &budget) : .null
        }
        func number(_ offset: Int) throws(EvaluationLimit) -> Double {
            try JSCoercion.number(argument(offset), &budget)
        }
        switch operation {
        case .add:
            var sum = 0.0
            for argument in arguments { sum += try JSCoercion.parseFloat(argument.evaluate(data, &budget), &budget) }
            return .number(sum)
        case .multiply:
            var product = try JSCoercion.parseFloat(argument(0), &budget)
            for argument in arguments.dropFirst() {
                // json-logic-js reads the product so far with parseFloat too: -0 becomes 0.
                product = (product == 0 ? 0 : product) * (try JSCoercion.parseFloat(argument.evaluate(data, &budget), &budget))
            }
            return .number(product)
        case .subtract:
            if arguments.isEmpty { return .number(.nan) }
            if arguments.count == 1 { return .number(-(try number(0))) }
            return .number(try number(0) - number(1))
        case .divide:
            return .number(try number(0) / number(1))
        case .remainder:
            return .number(try number(0).truncatingRemainder(dividingBy: number(1)))
        default:
            return try extreme(operation == .max, arguments, data, &budget)
        }
    }

    /// `Math.max` or `Math.min` of the arguments' numbers: `NaN` when any is,
    /// `0` above `-0`.
    private static func extreme<Data: LogicData>(
        _ greatest: Bool, _ arguments: [Node], _ data: Data, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> JSONValue {
        guard !arguments.isEmpty else { return .null }
        var result = greatest ? -Double.infinity : Double.infinity
        for argument in arguments {
            let number = try JSCoercion.number(argument.evaluate(data, &budget), &budget)
            if number.isNaN || result.isNaN {
                result = .nan
            } else if greatest ? number > result : number < result {
                result = number
            } else if number == 0, result == 0, (number.sign == .plus) == greatest {
                result = number
            }
        }
        return .number(result)
    }
}
