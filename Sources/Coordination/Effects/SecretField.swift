/// What stands for a secret field's value wherever a session is kept
/// (``EventField/string(secret:)``): the journal, the events listing, a
/// replay. A password never reaches the disk; the journal only says whether
/// it was empty (an empty value stays empty).
///
/// A replayed handler reads the placeholder instead of the value: it may
/// test it for emptiness and pass it into an effect's input, nothing else.
/// An effect whose input holds it after a restart is not performed again
/// (``EffectRequest/holdsSecret``): its outcome is
/// ``EffectFailure/Kind/interrupted``.
public enum SecretField {
    public static let placeholder = "[secret]"

    /// `value` as it is kept: empty stays empty, anything else the placeholder.
    static func kept(_ value: JSONValue) -> JSONValue {
        if case .string(let text) = value, text.isEmpty { return value }
        return .string(placeholder)
    }
}
