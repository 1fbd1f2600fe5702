import Coordination

/// Turns an expression into nodes once: finds its operations, checks its
/// depth and the uses of known operations, and collects the `var` paths it
/// reads from the data.
struct Compiler {
    /// See ``JSONLogic/variablePaths``.
    private(set) var variablePaths: [String] = []
    private var recordedPaths: Set<String> = []

    mutating func compile(_ expression: JSONValue) throws(JSONLogicError) -> Node {
        try compile(expression, at: "", depth: 0, readsData: true)
    }

    /// `depth` is how many arrays and objects `value` is inside; `readsData`
    /// whether a `var` here reads the data the expression is given (not an
    /// element of a `map` or the like).
    private mutating func compile(_ value: JSONValue, at pointer: String, depth: Int, readsData: Bool) throws(JSONLogicError) -> Node {
        switch value {
        case .array(let elements):
            try Self.check(depth: depth + 1, at: pointer)
            var nodes: [Node] = []
            nodes.reserveCapacity(elements.count)
            for (offset, element) in elements.enumerated() {
                nodes.append(try compile(element, at: "\(pointer)/\(offset)", depth: depth + 1, readsData: readsData))
            }
            return Self.folded(nodes)
        case .object(let object):
            try Self.check(depth: depth + 1, at: pointer)
            guard object.count == 1, let operation = Operation(rawValue: object[0].key) else {
                try Self.checkLiteral(value, at: pointer, depth: depth)
                return .literal(value)
            }
            let place = "\(pointer)/\(Self.escaped(object[0].key))"
            return try compile(operation, object[0].value, at: place, depth: depth + 1, readsData: readsData)
        default:
            return .literal(value)
        }
    }

    /// An operation whose member value is `arguments` (an array of them, or
    /// one that is not an array), `depth` levels down.
    private mutating func compile(
        _ operation: Operation, _ arguments: JSONValue, at pointer: String, depth: Int, readsData: Bool
    ) throws(JSONLogicError) -> Node {
        var items: [(value: JSONValue, pointer: String)]
        var itemDepth = depth
        if case .array(let elements) = arguments {
            try Self.check(depth: depth + 1, at: pointer)
            items = elements.enumerated().map { ($1, "\(pointer)/\($0)") }
            itemDepth += 1
        } else {
            items = [(arguments, pointer)]
        }
        if let counts = operation.argumentCounts, !counts.contains(items.count) {
            throw JSONLogicError(.malformed(operation: operation.rawValue, reason: Self.reason(counts, items.count)), at: pointer)
        }
        func argument(_ offset: Int, readsData: Bool) throws(JSONLogicError) -> Node {
            try compile(items[offset].value, at: items[offset].pointer, depth: itemDepth, readsData: readsData)
        }
        switch operation {
        case .variable:
            let path = items.isEmpty ? nil : try argument(0, readsData: readsData)
            let fallback = items.count > 1 ? try argument(1, readsData: readsData) : nil
            return .variable(try variablePath(path, at: items.first?.pointer ?? pointer, readsData: readsData), fallback: fallback)
        case .map, .filter, .all, .none, .some:
            let iteration: Iteration =
                switch operation {
                case .map: .map
                case .filter: .filter
                case .all: .all
                case .none: .none
                default: .some
                }
            return .iteration(iteration, input: try argument(0, readsData: readsData), logic: try argument(1, readsData: false))
        case .reduce:
            let logic = try argument(1, readsData: false)
            return .reduce(
                input: try argument(0, readsData: readsData), logic: logic,
                initial: items.count > 2 ? try argument(2, readsData: readsData) : nil, checksDepth: logic.mayDeepen)
        default:
            var nodes: [Node] = []
            for offset in items.indices { nodes.append(try argument(offset, readsData: readsData)) }
            if readsData { recordKeys(of: operation, nodes) }
            return .operation(operation, nodes)
        }
    }

    /// The path of a `var` whose first argument compiled to `node`.
    private mutating func variablePath(_ node: Node?, at pointer: String, readsData: Bool) throws(JSONLogicError) -> VariablePath {
        let path: String
        switch node {
        case nil, .literal(.null): path = ""
        case .literal(.string(let string)): path = string
        case .literal(.number(let number)): path = JSNumberText.string(number)
        case .literal(let other):
            let article = other.isNull || other.boolValue != nil ? "a" : "an"
            let reason = "takes a path that is a string, a number or null, not \(article) \(other.typeName)"
            throw JSONLogicError(.malformed(operation: "var", reason: reason), at: pointer)
        case let node?:
            return .computed(node)
        }
        if readsData { record(path) }
        return path.isEmpty ? .whole : .fixed(PathComponent.split(path))
    }

    /// The literal keys `missing` and `missing_some` look for, as paths read.
    private mutating func recordKeys(of operation: Operation, _ nodes: [Node]) {
        let keys: [Node]
        switch operation {
        case .missing:
            if case .literal(.array(let list))? = nodes.first { keys = list.map(Node.literal) } else { keys = nodes }
        case .missingSome:
            if case .literal(.array(let list)) = nodes[1] { keys = list.map(Node.literal) } else { keys = [nodes[1]] }
        default:
            return
        }
        for key in keys {
            switch key {
            case .literal(.string(let string)): record(string)
            case .literal(.number(let number)): record(JSNumberText.string(number))
            default: break
            }
        }
    }

    private mutating func record(_ path: String) {
        if recordedPaths.insert(path).inserted { variablePaths.append(path) }
    }

    /// An array node, or a literal when every element is one.
    private static func folded(_ nodes: [Node]) -> Node {
        var values: [JSONValue] = []
        values.reserveCapacity(nodes.count)
        for node in nodes {
            guard case .literal(let value) = node else { return .array(nodes) }
            values.append(value)
        }
        return .literal(.array(values))
    }

    private static func check(depth: Int, at pointer: String) throws(JSONLogicError) {
        if depth > JSONLogic.maxExpressionDepth { throw JSONLogicError(.tooDeep(limit: JSONLogic.maxExpressionDepth), at: pointer) }
    }

    /// The depth of a literal object's contents (an array is compiled, and
    /// checked, element by element).
    private static func checkLiteral(_ value: JSONValue, at pointer: String, depth: Int) throws(JSONLogicError) {
        switch value {
        case .array(let elements):
            try check(depth: depth + 1, at: pointer)
            for (offset, element) in elements.enumerated() { try checkLiteral(element, at: "\(pointer)/\(offset)", depth: depth + 1) }
        case .object(let object):
            try check(depth: depth + 1, at: pointer)
            for (key, member) in object { try checkLiteral(member, at: "\(pointer)/\(escaped(key))", depth: depth + 1) }
        default:
            break
        }
    }

    /// A key as a JSON Pointer reference token.
    private static func escaped(_ key: String) -> String {
        guard key.contains(where: { $0 == "~" || $0 == "/" }) else { return key }
        return key.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    private static func reason(_ counts: ClosedRange<Int>, _ count: Int) -> String {
        let expected: String
        if counts.lowerBound == counts.upperBound {
            expected = counts.lowerBound == 1 ? "1 argument" : "\(counts.lowerBound) arguments"
        } else if counts.upperBound == Int.max {
            expected = counts.lowerBound == 1 ? "at least 1 argument" : "at least \(counts.lowerBound) arguments"
        } else if counts.lowerBound == 0 {
            expected = "at most \(counts.upperBound) arguments"
        } else if counts.upperBound == counts.lowerBound + 1 {
            expected = "\(counts.lowerBound) or \(counts.upperBound) arguments"
        } else {
            expected = "\(counts.lowerBound) to \(counts.upperBound) arguments"
        }
        return "takes \(expected), not \(count)"
    }
}
