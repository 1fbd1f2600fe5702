import Coordination

extension Node {
    /// `map`, `filter`, `all`, `none` and `some`: `logic` runs with each
    /// element as its data. Input that is not an array is an empty one;
    /// `all` of no elements is false, `none` true, `some` false.
    static func iterate(
        _ iteration: Iteration, over input: JSONValue, logic: Node, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> JSONValue {
        let elements = input.arrayValue ?? []
        switch iteration {
        case .map:
            var results: [JSONValue] = []
            results.reserveCapacity(elements.count)
            for element in elements { results.append(try logic.evaluate(element, &budget)) }
            return .array(results)
        case .filter:
            var kept: [JSONValue] = []
            for element in elements where JSONLogic.isTruthy(try logic.evaluate(element, &budget)) { kept.append(element) }
            return .array(kept)
        case .all:
            if elements.isEmpty { return false }
            for element in elements where !JSONLogic.isTruthy(try logic.evaluate(element, &budget)) { return false }
            return true
        case .none, .some:
            for element in elements where JSONLogic.isTruthy(try logic.evaluate(element, &budget)) { return .bool(iteration == .some) }
            return .bool(iteration == .none)
        }
    }

    /// `reduce`: `logic` runs for each element with `{"current": element,
    /// "accumulator": the value so far}` as its data, from `initial`; input
    /// that is not an array gives `initial`.
    static func reduce(
        _ input: JSONValue, logic: Node, from initial: JSONValue, checksDepth: Bool, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> JSONValue {
        guard case .array(let elements) = input else { return initial }
        var accumulator = initial
        for element in elements {
            let scope = JSONValue.object(JSONObject([("current", element), ("accumulator", accumulator)]))
            accumulator = try logic.evaluate(scope, &budget)
            if checksDepth { try ResultValue.checkDepth(accumulator, &budget) }
        }
        return accumulator
    }

    /// `merge`: the arguments' elements in order, an argument that is not an
    /// array as one element (one level flattened).
    static func merge<Data: LogicData>(_ arguments: [Node], _ data: Data, _ budget: inout WorkBudget) throws(EvaluationLimit) -> JSONValue {
        var merged: [JSONValue] = []
        for argument in arguments {
            let value = try argument.evaluate(data, &budget)
            if case .array(let elements) = value {
                try budget.spend(elements.count)
                merged.append(contentsOf: elements)
            } else {
                merged.append(value)
            }
        }
        return .array(merged)
    }

    /// `in`: whether `haystack`, text, holds `needle`'s string, or, an array,
    /// holds an element strictly equal to `needle`; false for anything else
    /// and for empty text (json-logic-js tests `!b` first).
    static func contains(_ haystack: JSONValue, _ needle: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> Bool {
        switch haystack {
        case .string(let text):
            guard !text.isEmpty else { return false }
            let pattern = try JSCoercion.string(needle, &budget)
            try budget.spend(bytes: text.utf8.count + pattern.utf8.count)
            return TextSearch.contains(text, pattern)
        case .array(let elements):
            try budget.spend(elements.count)
            return elements.contains { JSEquality.strict($0, needle) }
        default:
            return false
        }
    }
}
