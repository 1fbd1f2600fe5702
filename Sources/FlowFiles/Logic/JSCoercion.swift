import Coordination

/// JavaScript's conversions of JSON values, as json-logic-js meets them.
/// Text they build or read is paid for from the budget.
enum JSCoercion {
    /// `String(value)`: `null`, `true`, numbers as ``JSNumberText`` prints
    /// them, an array as its elements joined by commas (`null` elements
    /// empty, nested arrays joined too), an object as `[object Object]`.
    static func string(_ value: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> String {
        switch value {
        case .array(let elements):
            var text = ""
            try join(elements, into: &text, depth: 1, &budget)
            return text
        default:
            return scalarString(value)
        }
    }

    /// ECMAScript's ToNumber: `null` is 0, booleans 0 and 1, text as
    /// ``JSNumberParsing/number(_:)``, an array or object by its string.
    static func number(_ value: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> Double {
        switch value {
        case .null: return 0
        case .bool(let bool): return bool ? 1 : 0
        case .number(let number): return number
        case .string(let text):
            try budget.spend(bytes: text.utf8.count)
            return JSNumberParsing.number(text)
        case .array, .object:
            let text = try string(value, &budget)
            return JSNumberParsing.number(text)
        }
    }

    /// `parseFloat(value)`, which reads the value's string: `null` and
    /// booleans are `NaN`, `-0` is `0`, `"12px"` is 12.
    static func parseFloat(_ value: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> Double {
        switch value {
        case .number(let number): return number == 0 ? 0 : number
        case .string(let text):
            try budget.spend(bytes: text.utf8.count)
            return JSNumberParsing.parseFloat(text)
        case .array:
            return JSNumberParsing.parseFloat(try string(value, &budget))
        case .null, .bool, .object:
            return .nan
        }
    }

    /// ECMAScript's ToPrimitive for our values: an array or object becomes
    /// its string, anything else stays.
    static func primitive(_ value: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> JSONValue {
        switch value {
        case .array, .object: .string(try string(value, &budget))
        default: value
        }
    }

    private static func scalarString(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .number(let number): JSNumberText.string(number)
        case .string(let text): text
        case .array: ""
        case .object: "[object Object]"
        }
    }

    /// `Array.prototype.join(",")`, recursively; `depth` is the array's own.
    private static func join(
        _ elements: [JSONValue], into text: inout String, depth: Int, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) {
        if depth > JSONLogic.maxValueDepth { throw .depth }
        try budget.spend(elements.count)
        for (offset, element) in elements.enumerated() {
            if offset > 0 { text.append(",") }
            switch element {
            case .null:
                continue
            case .array(let inner):
                try join(inner, into: &text, depth: depth + 1, &budget)
            default:
                let piece = scalarString(element)
                try budget.spend(bytes: piece.utf8.count)
                text.append(piece)
            }
        }
    }
}
