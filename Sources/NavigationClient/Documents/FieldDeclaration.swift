/// One field of an event's payload.
///
/// On the wire a field is its type's name (`"number"`), or an object when
/// it says more: `{"type": "string", "enum": ["USD", "EUR"], "labels":
/// ["US dollar", "Euro"], "label": "Currency", "description": "…"}`, or
/// `{"type": "string", "secret": true}` for a password.
public struct FieldDeclaration: Codable, NamedMember, Sendable, Hashable, Identifiable {
    /// The payload member's name; the key of `fields` on the wire.
    public var name: String
    public var type: FieldType
    /// The only values the server accepts, in the order to offer them.
    public var allowedValues: [String]?
    /// What to show for each of ``allowedValues``, when the flow says.
    public var allowedValueLabels: [String]?
    public var label: String?
    public var description: String?
    /// A secret (a password): ask for it without showing what is typed. The
    /// server passes its value to the flow and never keeps it.
    public var isSecret: Bool

    public var id: String { name }

    public init(
        name: String, type: FieldType, allowedValues: [String]? = nil, allowedValueLabels: [String]? = nil, label: String? = nil,
        description: String? = nil, isSecret: Bool = false
    ) {
        self.name = name
        self.type = type
        self.allowedValues = allowedValues
        self.allowedValueLabels = allowedValueLabels
        self.label = label
        self.description = description
        self.isSecret = isSecret
    }

    /// The label, or the name made readable.
    public var displayLabel: String { label ?? ReadableName.of(name) }

    /// The allowed values with what to show for each; `nil` when any value of ``type`` goes.
    public var choices: [FieldChoice]? {
        allowedValues.map { values in
            values.enumerated().map { index, value in
                let labels = allowedValueLabels ?? []
                return FieldChoice(value: value, label: index < labels.count ? labels[index] : value)
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type
        case allowedValues = "enum"
        case allowedValueLabels = "labels"
        case label, description
        case isSecret = "secret"
    }

    public init(from decoder: any Decoder) throws {
        // A field is written as a member of `fields`, keyed by its name.
        name = decoder.codingPath.last?.stringValue ?? ""
        if let container = try? decoder.singleValueContainer(), let typeName = try? container.decode(String.self) {
            type = FieldType(rawValue: typeName)
            isSecret = false
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(FieldType.self, forKey: .type)
        allowedValues = try container.decodeIfPresent([String].self, forKey: .allowedValues)
        allowedValueLabels = try container.decodeIfPresent([String].self, forKey: .allowedValueLabels)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        isSecret = try container.decodeIfPresent(Bool.self, forKey: .isSecret) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        guard allowedValues != nil || allowedValueLabels != nil || label != nil || description != nil || isSecret else {
            var container = encoder.singleValueContainer()
            try container.encode(type)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(allowedValues, forKey: .allowedValues)
        try container.encodeIfPresent(allowedValueLabels, forKey: .allowedValueLabels)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(description, forKey: .description)
        if isSecret { try container.encode(true, forKey: .isSecret) }
    }
}

/// One value a field may take, and what to show for it.
public struct FieldChoice: Sendable, Hashable, Identifiable {
    public var value: String
    public var label: String
    public var id: String { value }

    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}

/// A field's JSON type. One this library does not know is `other`.
public enum FieldType: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    case string
    case number
    case boolean
    case object
    case array
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "string": self = .string
        case "number": self = .number
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .object: "object"
        case .array: "array"
        case .other(let value): value
        }
    }

    public var description: String { rawValue }
}
