import NavigationClient

/// Payloads a person could send, chosen from what a decoded document offers: a field's
/// choices, the tab bar's tabs, the ids a screen lists (mailboxes, messages), else a value
/// of the field's type.
struct WalkPayloads<Generator: RandomNumberGenerator> {
    var generator: Generator

    /// The events of the screens a person can touch, with a payload each; an event whose
    /// field has nothing to choose from (an empty mailbox's `read`) is left out.
    mutating func actions(in document: SessionDocument) -> [(screen: String, event: String, payload: JSONObject)] {
        document.activeScreens.flatMap { screen in
            screen.events.compactMap { event -> (String, String, JSONObject)? in
                var payload = JSONObject()
                for field in event.fields {
                    guard let value = value(for: field, event: event.name, on: screen, in: document) else { return nil }
                    payload[field.name] = value
                }
                return (screen.id, event.name, payload)
            }
        }
    }

    private mutating func value(for field: FieldDeclaration, event: String, on screen: Screen, in document: SessionDocument) -> JSONValue? {
        if let values = field.allowedValues { return pick(values).map(JSONValue.string) }
        if event == EventDeclaration.selectTab, field.name == "tab" { return pick(document.tabs.map(\.id)).map(JSONValue.string) }
        let listed = ["mailbox": "mailboxes", "message": "messages"]
        if let list = listed[field.name] {
            return pick(screen.params[list]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []).map(JSONValue.string)
        }
        switch field.type {
        case .string: return pick(["ada", "1 Main Street", "4242 4242 4242 4242", "", "  ", "ünïcødé ✓"]).map(JSONValue.string)
        case .number: return .number(Double(Int.random(in: -1000...1000, using: &generator)) / 4)
        case .boolean: return .bool(Bool.random(using: &generator))
        case .array: return []
        default: return [:]
        }
    }

    mutating func pick<T>(_ choices: [T]) -> T? {
        choices.isEmpty ? nil : choices[Int.random(in: 0..<choices.count, using: &generator)]
    }
}
