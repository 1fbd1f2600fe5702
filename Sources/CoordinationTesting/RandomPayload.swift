/// Payloads a walk sends: every declared field, with a value of its type.
/// A field with values (`enum`, fixed or read from the params) gets one of
/// them, a `tab` one of the tab bar's tabs; strings are blank a third of
/// the time, so a flow's own validation runs.
struct RandomPayload {
    static func payload(
        for event: DocumentScreens.Event, tabs: [String], using random: inout SessionRandom
    ) -> JSONObject? {
        var payload = JSONObject()
        for field in event.fields {
            if let allowed = field.allowed {
                // An empty set of choices (an emptied mailbox): nothing legal to send.
                guard let value = allowed.randomElement(using: &random) else { return nil }
                payload[field.name] = .string(value)
            } else if event.name == ReservedEvent.selectTab.rawValue, field.name == "tab" {
                guard let tab = tabs.randomElement(using: &random) else { return nil }
                payload[field.name] = .string(tab)
            } else {
                payload[field.name] = value(of: field.type, using: &random)
            }
        }
        return payload
    }

    private static let alphabet = Array("ab z@.0123456789")

    private static func value(of type: String, using random: inout SessionRandom) -> JSONValue {
        switch type {
        case FieldType.string.rawValue:
            if Int.random(in: 0..<3, using: &random) == 0 { return .string(["", " ", "\t "].randomElement(using: &random) ?? "") }
            let length = Int.random(in: 1...19, using: &random)
            return .string(String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "a" }))
        case FieldType.number.rawValue: return .number(Double(Int.random(in: -100_000...100_000, using: &random)) / 100)
        case FieldType.boolean.rawValue: return .bool(Bool.random(using: &random))
        case FieldType.array.rawValue: return []
        default: return [:]
        }
    }
}
