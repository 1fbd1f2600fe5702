import Coordination

extension Node {
    /// `var`: the value at `path` in `data`, or `fallback`'s (`null` without
    /// one) when nothing is there. A path descends through object members
    /// and array indices; a `null` on the way, or a string or number, has
    /// nothing inside. A `null` found at the end is returned, not the
    /// fallback, as json-logic-js does. A computed path that is `null` or
    /// `""` reads the whole data; any other is its string.
    static func read<Data: LogicData>(
        _ path: VariablePath, fallback: Node?, in data: Data, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> JSONValue {
        let found: JSONValue?
        switch path {
        case .whole:
            found = data.wholeValue
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
    static func missingKeys<Data: LogicData>(
        _ arguments: [Node], _ data: Data, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> [JSONValue] {
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
        need: JSONValue, keys: JSONValue, in data: some LogicData, _ budget: inout WorkBudget
    ) throws(EvaluationLimit) -> [JSONValue] {
        let list = keys.arrayValue ?? [keys]
        let absent = try missing(list, in: data, &budget)
        return Double(list.count - absent.count) >= (try JSCoercion.number(need, &budget)) ? [] : absent
    }

    private static func missing(
        _ keys: [JSONValue], in data: some LogicData, _ budget: inout WorkBudget
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
    private static func lookUp(key: JSONValue, in data: some LogicData, _ budget: inout WorkBudget) throws(EvaluationLimit) -> JSONValue? {
        if key.isNull { return data.wholeValue }
        let path = try JSCoercion.string(key, &budget)
        if path.isEmpty { return data.wholeValue }
        try budget.spend(bytes: path.utf8.count)
        return lookUp(path: path, in: data)
    }

    /// The value at dot path `path` (not empty), read one component at a
    /// time as the path is scanned: no array of components is built.
    private static func lookUp(path: String, in data: some LogicData) -> JSONValue? {
        // Scanned as UTF-8 for the ASCII dot: an index found there is a
        // boundary of the string too, and no grapheme is ever broken out.
        let bytes = path.utf8
        var current: JSONValue?
        var start = bytes.startIndex
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
            let component = PathComponent(path[start..<end])
            if start == bytes.startIndex {
                current = data.topMember(component)
            } else if let value = current {
                current = member(component, of: value)
            }
            guard current != nil, end < bytes.endIndex else { return current }
            start = bytes.index(after: end)
        }
    }

    /// The member or element `component` names in `value`, nil when it has none.
    static func member(_ component: PathComponent, of value: JSONValue) -> JSONValue? {
        switch value {
        case .object(let object): return object[component.key]
        case .array(let elements):
            guard let index = component.index, index < elements.count else { return nil }
            return elements[index]
        default: return nil
        }
    }

    /// The value at `components` (not empty: an empty path is `.whole`),
    /// the first read from `data`'s top, the rest through its members.
    private static func lookUp(_ components: [PathComponent], in data: some LogicData) -> JSONValue? {
        guard let first = components.first, var current = data.topMember(first) else { return nil }
        for component in components.dropFirst() {
            guard let next = member(component, of: current) else { return nil }
            current = next
        }
        return current
    }
}
