/// What a person reads for a field, and choices they tap instead of typing.
///
/// ```swift
/// private static let submitFields: EventFields = [
///     "email": .string.label("Email").description("We send a link to reset your password there.")
/// ]
/// private static let selectFields: EventFields = ["code": .string(oneOf: ["USD": "US dollar", "EUR": "Euro"])]
/// private static let openFields: EventFields = ["mailbox": .oneOf(path: "mailboxes", value: "id", label: "name")]
/// ```
extension EventField {
    /// This field, labelled `label` in the session document instead of its
    /// name made readable.
    public func label(_ label: String) -> EventField {
        var field = self
        field.label = label
        return field
    }

    /// This field, with a sentence that helps a person fill it in: the
    /// field's `description` in the session document.
    public func description(_ description: String) -> EventField {
        var field = self
        field.description = description
        return field
    }

    /// A string that must be one of the keys of `choices`, each shown as its
    /// value: `.string(oneOf: ["USD": "US dollar", "EUR": "Euro"])`. The
    /// session document lists them in this order as the field's `enum` and
    /// `labels`; any other value is refused with `invalid-payload`.
    public static func string(oneOf choices: KeyValuePairs<String, String>) -> EventField {
        string(oneOf: choices.map { (value: $0.key, label: $0.value) })
    }

    /// A string that must be one of the `value`s of `choices`, each shown as
    /// its `label`: the same as the literal form, for choices built from data
    /// a flow holds (`rates.map { ($0.code, $0.name) }`).
    public static func string(oneOf choices: [(value: String, label: String)]) -> EventField {
        var field = string(oneOf: choices.map(\.value))
        field.allowedValueLabels = choices.map(\.label)
        return field
    }

    /// A string that must be the value of one of the items of an array in
    /// the screen's params, read when the document is rendered and when an
    /// event is checked (see ``ParamsChoices``): the session document lists
    /// them as the field's `enum` and `labels`, so a client offers them as
    /// choices, and any other value is refused with `invalid-payload`.
    ///
    /// - Parameters:
    ///   - path: the array's member in the params; `.` joins the names of
    ///     nested members (`"folder.messages"`).
    ///   - value: the member of each item sent back (`"id"`).
    ///   - label: what a person reads for each item: a member name
    ///     (`"name"`) or a template (`"{subject}, from {from}"`); nil shows
    ///     the value.
    public static func oneOf(path: String, value: String = "id", label: String? = nil) -> EventField {
        var field = EventField(.string)
        field.choicesFromParams = ParamsChoices(path: path, value: value, label: label)
        return field
    }
}
