import Coordination

/// The walks over values the evaluator made: the result handed out, shown
/// as JSON shows JavaScript's numbers, and a check of a value's depth.
enum ResultValue {
    /// `value` with every `NaN` and infinity made `null` and `-0` made `0`
    /// (as `JSON.stringify` writes them), after spending a unit for each
    /// element and member it holds; throws past ``JSONLogic/maxValueDepth``.
    static func settled(_ value: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> JSONValue {
        try replacement(for: value, depth: 0, &budget) ?? value
    }

    /// Throws when `value` is deeper than ``JSONLogic/maxValueDepth``,
    /// spending a unit for each element and member it holds.
    static func checkDepth(_ value: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) {
        try checkDepth(value, depth: 0, &budget)
    }

    private static func checkDepth(_ value: JSONValue, depth: Int, _ budget: inout WorkBudget) throws(EvaluationLimit) {
        switch value {
        case .array(let elements):
            if depth >= JSONLogic.maxValueDepth { throw .depth }
            try budget.spend(elements.count)
            for element in elements { try checkDepth(element, depth: depth + 1, &budget) }
        case .object(let object):
            if depth >= JSONLogic.maxValueDepth { throw .depth }
            try budget.spend(object.count)
            for (_, member) in object { try checkDepth(member, depth: depth + 1, &budget) }
        default:
            break
        }
    }

    /// The settled form of `value`, or `nil` when it is `value` itself.
    private static func replacement(for value: JSONValue, depth: Int, _ budget: inout WorkBudget) throws(EvaluationLimit) -> JSONValue? {
        switch value {
        case .number(let number):
            if !number.isFinite { return .null }
            return number == 0 && number.sign == .minus ? .number(0) : nil
        case .array(let elements):
            if depth >= JSONLogic.maxValueDepth { throw .depth }
            try budget.spend(elements.count)
            var changed: [JSONValue]?
            for offset in elements.indices {
                guard let element = try replacement(for: elements[offset], depth: depth + 1, &budget) else { continue }
                if changed == nil { changed = elements }
                changed![offset] = element
            }
            return changed.map(JSONValue.array)
        case .object(let object):
            if depth >= JSONLogic.maxValueDepth { throw .depth }
            try budget.spend(object.count)
            var changed: JSONObject?
            for (key, member) in object {
                guard let settled = try replacement(for: member, depth: depth + 1, &budget) else { continue }
                if changed == nil { changed = object }
                changed![key] = settled
            }
            return changed.map(JSONValue.object)
        default:
            return nil
        }
    }
}
