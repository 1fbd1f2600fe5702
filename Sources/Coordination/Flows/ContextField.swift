/// One member of the context a flow reads at `start()` (whether the user
/// finished onboarding, a saved token), with its type and default.
public struct ContextField: Sendable, Equatable {
    public let name: String
    public let type: FieldType
    /// Whether `null` is allowed as well as ``type``.
    public let nullable: Bool
    /// Used when the client leaves the member out.
    public let defaultValue: JSONValue
    public let description: String

    public init(
        _ name: String, _ type: FieldType, nullable: Bool = false,
        default defaultValue: JSONValue, description: String = ""
    ) {
        self.name = name
        self.type = type
        self.nullable = nullable
        self.defaultValue = defaultValue
        self.description = description
    }

    func problem(with value: JSONValue) -> FieldProblem? {
        if type.accepts(value) || (nullable && value.isNull) { return nil }
        let expected = nullable ? "\(type.rawValue) or null" : type.rawValue
        return FieldProblem(field: name, message: "must be a \(expected), not \(value.typeName)")
    }
}
