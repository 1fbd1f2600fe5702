extension DefinitionReader {
    private static let fieldKeys = ["type", "label", "description", "maxBytes", "secret", "enum", "labels", "choices"]
    private static let choicesKeys = ["from", "value", "label"]

    /// A field of an event or of the context (docs/flow-files.md#the-format, "A field").
    mutating func field(_ value: JSONValue, at pointer: JSONPointer) -> EventField? {
        guard let object = object(value, at: pointer, known: Self.fieldKeys, what: "a field") else { return nil }
        guard let typeName = string(object, "type", at: pointer, required: true) else { return nil }
        guard let type = FieldType(rawValue: typeName) else {
            problem(
                pointer.appending("type"),
                "unknown field type '\(typeName)'; types: \(FieldType.allCases.map(\.rawValue).joined(separator: ", "))")
            return nil
        }
        let maxBytes = integer(object, "maxBytes", at: pointer, in: 0...(1 << 20))
        let secret = bool(object, "secret", at: pointer)
        let values = stringList(object, "enum", at: pointer)
        let labels = stringList(object, "labels", at: pointer)
        let choices = object["choices"]
        if type != .string, maxBytes != nil || secret || values != nil || choices != nil {
            problem(pointer, "only a string field takes maxBytes, secret, enum or choices")
            return nil
        }
        if values != nil, choices != nil { problem(pointer, "a field takes enum or choices, not both") }
        if values != nil || choices != nil, maxBytes != nil || secret {
            problem(pointer, "a field with enum or choices takes no maxBytes or secret")
        }
        if let labels, values?.count != labels.count {
            problem(pointer.appending("labels"), "labels must name each of enum's \(values?.count ?? 0) values, in order")
        }
        var field: EventField
        if let values {
            field = labels.map { labels in .string(oneOf: zip(values, labels).map { (value: $0, label: $1) }) } ?? .string(oneOf: values)
        } else if let choices {
            guard let read = self.choices(choices, at: pointer.appending("choices")) else { return nil }
            field = read
        } else if secret {
            field = .string(secret: true, maxBytes: maxBytes)
        } else if let maxBytes {
            field = .string(maxBytes: maxBytes)
        } else {
            field = EventField(type)
        }
        if let label = string(object, "label", at: pointer) { field = field.label(label) }
        if let description = string(object, "description", at: pointer) { field = field.description(description) }
        return field
    }

    /// `{"from": "params.items", "value": "id", "label": "name"}`: the values of an array in the screen's params.
    private mutating func choices(_ value: JSONValue, at pointer: JSONPointer) -> EventField? {
        guard let object = object(value, at: pointer, known: Self.choicesKeys, what: "choices") else { return nil }
        guard let from = string(object, "from", at: pointer, required: true) else { return nil }
        let prefix = "params."
        guard from.hasPrefix(prefix), from.count > prefix.count else {
            problem(pointer.appending("from"), "'from' must name an array of the screen's params: 'params.NAME'")
            return nil
        }
        return .oneOf(
            path: String(from.dropFirst(prefix.count)), value: string(object, "value", at: pointer) ?? "id",
            label: string(object, "label", at: pointer))
    }

    /// An array of strings, or nil when missing (a problem when not one).
    private mutating func stringList(_ object: JSONObject, _ key: String, at pointer: JSONPointer) -> [String]? {
        guard let value = object[key] else { return nil }
        guard let elements = value.arrayValue, !elements.isEmpty else {
            problem(pointer.appending(key), "'\(key)' must be a non-empty array of strings")
            return nil
        }
        let strings = elements.compactMap(\.stringValue)
        guard strings.count == elements.count else {
            problem(pointer.appending(key), "'\(key)' must hold only strings")
            return nil
        }
        return strings
    }
}
