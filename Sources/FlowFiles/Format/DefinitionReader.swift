/// Reads a flow file's JSON into its definitions, noting every problem with
/// its place instead of stopping at the first: `flows check` lists them all.
struct DefinitionReader {
    let file: String
    private(set) var problems: [FlowFileProblem] = []

    init(file: String) {
        self.file = file
    }

    mutating func problem(_ pointer: JSONPointer, _ message: String) {
        problems.append(FlowFileProblem(file: file, pointer: pointer, message: message))
    }

    /// The object at `pointer`, its members outside `known` each a problem;
    /// nil (and a problem) when it is not an object.
    mutating func object(_ value: JSONValue, at pointer: JSONPointer, known: [String], what: String) -> JSONObject? {
        guard let object = value.objectValue else {
            problem(pointer, "\(what) must be an object, not \(value.typeName)")
            return nil
        }
        for key in object.keys(notIn: known) {
            problem(pointer.appending(key), "unknown member '\(key)' of \(what); known: \(known.joined(separator: ", "))")
        }
        return object
    }

    /// The string member `key`; a problem when it is there and not a string,
    /// or missing and `required`.
    mutating func string(_ object: JSONObject, _ key: String, at pointer: JSONPointer, required: Bool = false) -> String? {
        guard let value = object[key] else {
            if required { problem(pointer, "'\(key)' is required") }
            return nil
        }
        guard let string = value.stringValue else {
            problem(pointer.appending(key), "'\(key)' must be a string, not \(value.typeName)")
            return nil
        }
        return string
    }

    /// The boolean member `key`, false when missing.
    mutating func bool(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> Bool {
        guard let value = object[key] else { return false }
        guard let bool = value.boolValue else {
            problem(pointer.appending(key), "'\(key)' must be true or false, not \(value.typeName)")
            return false
        }
        return bool
    }

    /// The integer member `key` in `range`.
    mutating func integer(
        _ object: JSONObject, _ key: String, at pointer: JSONPointer, in range: ClosedRange<Int>, required: Bool = false
    ) -> Int? {
        guard let value = object[key] else {
            if required { problem(pointer, "'\(key)' is required") }
            return nil
        }
        guard let integer = value.intValue, range.contains(integer) else {
            problem(pointer.appending(key), "'\(key)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return integer
    }

    /// The members of the object member `key`, in order (empty when missing).
    mutating func members(_ object: JSONObject, _ key: String, at pointer: JSONPointer, what: String) -> [(String, JSONValue)] {
        guard let value = object[key] else { return [] }
        guard let members = value.objectValue else {
            problem(pointer.appending(key), "\(what) must be an object, not \(value.typeName)")
            return []
        }
        return members.map { ($0.key, $0.value) }
    }

    /// The elements of the array member `key` (empty when missing).
    mutating func elements(_ object: JSONObject, _ key: String, at pointer: JSONPointer, what: String) -> [JSONValue] {
        guard let value = object[key] else { return [] }
        guard let elements = value.arrayValue else {
            problem(pointer.appending(key), "\(what) must be an array, not \(value.typeName)")
            return []
        }
        return elements
    }

    /// A value (``FlowExpression``). Its `var`s must read one of the data
    /// roots. An object or array with no expression inside is one literal,
    /// the value as written: evaluating it builds nothing, and a param of it
    /// compares as unchanged at once.
    mutating func expression(_ value: JSONValue, at pointer: JSONPointer) -> FlowExpression {
        switch value {
        case .object(let members) where !FlowExpression.isOperation(value):
            let values = members.map { (name: $0.key, value: expression($0.value, at: pointer.appending($0.key))) }
            return values.allSatisfy(\.value.isLiteral) ? .literal(value) : .object(values)
        case .array(let elements):
            let values = elements.enumerated().map { expression($1, at: pointer.appending($0)) }
            return values.allSatisfy(\.isLiteral) ? .literal(value) : .array(values)
        case .object:
            break
        default:
            return .literal(value)
        }
        do {
            let logic = try JSONLogic(value)
            for path in logic.variablePaths {
                let root = String(path.prefix { $0 != "." })
                if DataRoot(rawValue: root) == nil {
                    problem(
                        pointer,
                        "'\(path)' reads '\(root)', which is no data root; roots: \(DataRoot.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
            }
            return .logic(logic)
        } catch {
            problem(pointer, "\(error)")
            return .literal(value)
        }
    }
}
