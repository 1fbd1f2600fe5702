/// A flow the server hosts (`GET /v1/flows`): what to start and with which context.
public struct FlowDescription: Codable, Sendable, Hashable, Identifiable {
    /// What ``NavigationClient/start(flow:context:link:)`` names.
    public var name: String
    public var description: String
    /// The context members its root coordinator reads at `start()`, in the order to show them.
    public var context: [ContextField]
    /// The deep links it follows.
    public var links: [LinkPattern]

    public var id: String { name }

    private enum CodingKeys: String, CodingKey {
        case name, description, context, links
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        links = try container.decodeIfPresent([LinkPattern].self, forKey: .links) ?? []
        context = try container.decodeNamedMembers(ContextField.self, forKey: .context)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(links, forKey: .links)
        try container.encodeNamedMembers(context, forKey: .context)
    }
}

/// A member of a flow's start context.
public struct ContextField: Codable, NamedMember, Sendable, Hashable, Identifiable {
    public var name: String
    public var type: FieldType
    /// Whether `null` is allowed as well as `type`.
    public var nullable: Bool
    /// The value used when the member is left out.
    public var defaultValue: JSONValue?
    public var description: String

    public var id: String { name }

    private enum CodingKeys: String, CodingKey {
        case type, nullable
        case defaultValue = "default"
        case description
    }

    public init(from decoder: any Decoder) throws {
        name = decoder.codingPath.last?.stringValue ?? ""
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(FieldType.self, forKey: .type)
        nullable = try container.decodeIfPresent(Bool.self, forKey: .nullable) ?? false
        defaultValue = try container.decodeIfPresent(JSONValue.self, forKey: .defaultValue)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
    }
}

/// A deep link a flow follows, e.g. `/rates/{code}`.
public struct LinkPattern: Codable, Sendable, Hashable {
    public var pattern: String
    public var description: String

    public init(pattern: String, description: String) {
        self.pattern = pattern
        self.description = description
    }
}

/// The body of `GET /v1/flows`.
struct FlowList: Decodable {
    let flows: [FlowDescription]
}
