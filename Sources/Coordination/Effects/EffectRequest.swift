/// An effect a coordinator asked for and that has no outcome yet: what the
/// server performs, and what the session document lists as pending (its
/// id, name and coordinator; never its input).
public struct EffectRequest: Sendable, Equatable {
    /// Unique in the session (`e1`, `e2`, …), from a counter, so replay
    /// asks for the same ids.
    public let id: String
    public let name: String
    public let input: JSONValue
    /// The id of the coordinator that asked for it.
    public let coordinator: String
    /// The version of the change that asked for it.
    public let version: Int

    /// Whether the input holds a secret field's placeholder
    /// (``SecretField/placeholder``): true for an effect of a replayed
    /// session whose input came from a secret, which must not be sent again.
    public var holdsSecret: Bool { Self.contains(SecretField.placeholder, in: input) }

    private static func contains(_ text: String, in value: JSONValue) -> Bool {
        switch value {
        case .string(let string): string.contains(text)
        case .array(let values): values.contains { contains(text, in: $0) }
        case .object(let object): object.values.contains { contains(text, in: $0) }
        default: false
        }
    }
}
