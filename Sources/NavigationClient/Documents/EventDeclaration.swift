/// An event a screen accepts, with the fields of its payload in the order the flow declared them.
public struct EventDeclaration: Codable, Sendable, Hashable, Identifiable {
    public var name: String
    /// Empty when the event takes no payload.
    public var fields: [FieldDeclaration]
    /// A label for people, when the flow gives one.
    public var label: String?
    /// How a button for it should look, when the flow says.
    public var role: EventRole?

    public var id: String { name }

    public init(name: String, fields: [FieldDeclaration] = [], label: String? = nil, role: EventRole? = nil) {
        self.name = name
        self.fields = fields
        self.label = label
        self.role = role
    }

    /// The label, or the name made readable (`forgotPassword` reads "Forgot password").
    public var displayLabel: String { label ?? ReadableName.of(name) }

    /// `back`, `dismiss` and `selectTab`: what the router does for the user; a native app makes them with its own controls.
    public var isReserved: Bool { Self.reservedNames.contains(name) }

    public static let back = "back"
    public static let dismiss = "dismiss"
    public static let selectTab = "selectTab"
    static let reservedNames: Set<String> = [back, dismiss, selectTab]

    private enum CodingKeys: String, CodingKey {
        case name, fields, label, role
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        role = try container.decodeIfPresent(EventRole.self, forKey: .role)
        // `fields` is an object; its members in order are the form's fields.
        fields = try container.decodeNamedMembers(FieldDeclaration.self, forKey: .fields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(role, forKey: .role)
        if !fields.isEmpty { try container.encodeNamedMembers(fields, forKey: .fields) }
    }
}

/// How a button for an event should look.
public enum EventRole: RawRepresentable, Sendable, Hashable, Codable {
    case primary
    case destructive
    case cancel
    /// A role this library does not know; draw a plain button.
    case other(String)

    public init(rawValue: String) {
        switch rawValue {
        case "primary": self = .primary
        case "destructive": self = .destructive
        case "cancel": self = .cancel
        default: self = .other(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .primary: "primary"
        case .destructive: "destructive"
        case .cancel: "cancel"
        case .other(let value): value
        }
    }
}
