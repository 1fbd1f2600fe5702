/// The type of one field of an event payload or of a flow's context.
///
/// These are JSON's own types, so a generic client can draw an input for each
/// field without knowing the flow: a text box for `string`, a number box for
/// `number`, a checkbox for `boolean`.
public enum FieldType: String, Sendable, Hashable, CaseIterable {
    case string
    case number
    case boolean
    case object
    case array

    /// Whether `value` has this type. `null` matches no field type.
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.number, .number), (.boolean, .bool),
            (.object, .object), (.array, .array):
            return true
        default:
            return false
        }
    }
}
