import Coordination

/// Reads the members of a request body object, collecting every problem
/// (missing, mistyped, unknown) so a client learns them all at once.
struct RequestMembers {
    private let object: JSONObject
    private var problems: [FieldProblem] = []
    /// Known members present and not read yet: once it is 0, an optional
    /// member asked for is absent without searching the object (a body
    /// mostly holds its required members only).
    private var unread: Int

    /// Records every member of `object` not in `known` as a problem.
    init(_ object: JSONObject, known: [String]) {
        self.object = object
        let unknown = object.keys(notIn: known)
        for key in unknown {
            problems.append(FieldProblem(field: key, message: "is not a member of this request"))
        }
        unread = object.count - unknown.count
    }

    /// The value of known member `name`, read once; nil when it is absent.
    private mutating func value(_ name: String) -> JSONValue? {
        guard unread > 0, let value = object[name] else { return nil }
        unread -= 1
        return value
    }

    /// A member that must be present and a string; `""` after recording a problem.
    mutating func requiredString(_ name: String) -> String {
        guard let value = value(name) else {
            problems.append(FieldProblem(field: name, message: "is required (string)"))
            return ""
        }
        guard case .string(let string) = value else {
            problems.append(FieldProblem(field: name, message: "must be a string, not \(value.typeName)"))
            return ""
        }
        return string
    }

    /// A member that may be absent or `null`, else must be an object.
    mutating func optionalObject(_ name: String) -> JSONObject? {
        switch value(name) {
        case .none, .some(.null): return nil
        case .some(.object(let members)): return members
        case .some(let other):
            problems.append(FieldProblem(field: name, message: "must be an object or null, not \(other.typeName)"))
            return nil
        }
    }

    /// A member that may be absent or `null`, else must be a string.
    mutating func optionalString(_ name: String) -> String? {
        switch value(name) {
        case .none, .some(.null): return nil
        case .some(.string(let string)): return string
        case .some(let other):
            problems.append(FieldProblem(field: name, message: "must be a string or null, not \(other.typeName)"))
            return nil
        }
    }

    /// A member that may be absent or `null`, else must be a whole number
    /// from 1 (a flow version) no larger than `maximum`.
    mutating func optionalPositiveInteger(_ name: String, maximum: Int) -> Int? {
        switch value(name) {
        case .none, .some(.null): return nil
        case .some(let value):
            guard let number = value.intValue, (1...maximum).contains(number) else {
                let given = value.numberValue.map { "\($0)" } ?? value.typeName
                problems.append(FieldProblem(field: name, message: "must be a whole number from 1 to \(maximum) or null, not \(given)"))
                return nil
            }
            return number
        }
    }

    /// Throws 400 `invalid-request` listing every problem found, if any.
    func validate() throws(Problem) {
        guard !problems.isEmpty else { return }
        var problem = Problem(
            .invalidRequest,
            "the request body is not valid: " + problems.listing)
        problem.errors = problems
        throw problem
    }
}
