import Coordination

/// JavaScript's `<`, `>`, `<=` and `>=` on JSON values (ECMAScript's
/// IsLessThan): arrays and objects become their strings; two strings
/// compare by UTF-16 code units; anything else compares as numbers, and a
/// `NaN` on either side makes every comparison false.
enum JSComparison {
    /// The order of `lhs` and `rhs`, or `nil` when they are unordered (a `NaN`).
    static func order(_ lhs: JSONValue, _ rhs: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> Order? {
        let left = try JSCoercion.primitive(lhs, &budget)
        let right = try JSCoercion.primitive(rhs, &budget)
        if case .string(let leftText) = left, case .string(let rightText) = right {
            try budget.spend(bytes: min(leftText.utf8.count, rightText.utf8.count))
            if leftText.utf8.elementsEqual(rightText.utf8) { return .same }
            return leftText.utf16.lexicographicallyPrecedes(rightText.utf16) ? .ascending : .descending
        }
        let leftNumber = try JSCoercion.number(left, &budget)
        let rightNumber = try JSCoercion.number(right, &budget)
        if leftNumber < rightNumber { return .ascending }
        if leftNumber > rightNumber { return .descending }
        return leftNumber == rightNumber ? .same : nil
    }

    enum Order {
        case ascending
        case same
        case descending
    }
}
