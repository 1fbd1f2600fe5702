import Coordination

extension Node {
    /// `var`: the value at `path` in `data`, or `fallback`'s (`null` without
    /// one) when nothing is there. A path descends through object members
    /// and array indices; a `null` on the way, or a string or number, has
    /// nothing inside. A `null` found at the end is returned, not the
    /// fallback, as json-logic-js does. A computed path that is `null` or
    /// `""` reads the whole data; any other is its string.
    static func read(
        _ path: VariablePath, fallback: Node?, in data: JSONValue, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> JSONValue {
        let found: JSONValue?
        switch path {
        case .whole:
            found = data
        case .fixed(let components):
            found = lookUp(components, in: data)
        case .computed(let node):
            found = try lookUp(key: node.evaluate(data, &budget), in: data, &budget)
        }
        if let found { return found }
        return try fallback?.evaluate(data, &budget) ?? .null
    }

    /// `missing`: the keys (the first argument when it is an array, else
    /// every argument) whose `var` finds `null`, nothing, or `""`.
    static func missingKeys(_ arguments: [Node], _ data: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> [JSONValue] {
        var keys: [JSONValue] = []
        for (offset, argument) in arguments.enumerated() {
            let value = try argument.evaluate(data, &budget)
            if offset == 0, case .array(let list) = value { return try missing(list, in: data, &budget) }
            keys.append(value)
        }
        return try missing(keys, in: data, &budget)
    }

    /// `missing_some`: nothing when at least `need` of `keys` (an array, or
    /// one key) are present, else the missing ones.
    static func missingSome(
        need: JSONValue, keys: JSONValue, in data: JSONValue, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> [JSONValue] {
        let list = keys.arrayValue ?? [keys]
        let absent = try missing(list, in: data, &budget)
        return Double(list.count - absent.count) >= (try JSCoercion.number(need, &budget)) ? [] : absent
    }

    private static func missing(
        _ keys: [JSONValue], in data: JSONValue, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> [JSONValue] {
        var absent: [JSONValue] = []
        for key in keys {
            try budget.spend()
            switch try lookUp(key: key, in: data, &budget) {
            case nil, .null?, .string("")?: absent.append(key)
            default: break
            }
        }
        return absent
    }

    /// The value at a path given as a value, `nil` when nothing is there.
    private static func lookUp(key: JSONValue, in data: JSONValue, _ budget: inout WorkBudget) throws(EvaluationLimit) -> JSONValue? {
        if key.isNull { return data }
        let path = try JSCoercion.string(key, &budget)
        if path.isEmpty { return data }
        try budget.spend(bytes: path.utf8.count)
        return lookUp(PathComponent.split(path), in: data)
    }

    private static func lookUp(_ components: [PathComponent], in data: JSONValue) -> JSONValue? {
        var current = data
        for component in components {
            switch current {
            case .object(let object):
                guard let member = object[component.key] else { return nil }
                current = member
            case .array(let elements):
                guard let index = component.index, index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
