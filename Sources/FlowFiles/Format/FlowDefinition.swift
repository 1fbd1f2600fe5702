/// One version of one flow, read from a flow file and checked
/// (FLOWFILES.md, "Reference"): what the engine runs.
public struct FlowDefinition: Sendable {
    public let name: String
    public let version: Int
    public let description: String
    public let context: [ContextField]
    /// The store's initial values.
    public let store: JSONObject
    public let root: String
    public let coordinators: [String: CoordinatorDefinition]
    public let links: [LinkDefinition]
}

/// A coordinator of a flow file: its `start` and the screens it shows.
public struct CoordinatorDefinition: Sendable {
    public let name: String
    public let start: [FlowAction]
    /// By name, in the file's order.
    public let screens: [ScreenDefinition]

    public func screen(named name: String) -> ScreenDefinition? {
        screens.first { $0.name == name }
    }
}

/// A screen: its title, params and events.
public struct ScreenDefinition: Sendable {
    public let name: String
    public let title: FlowExpression?
    /// Each param, in the file's order, evaluated whenever the session changes.
    public let params: [(name: String, value: FlowExpression)]
    public let events: [EventDefinition]
}

/// An event a screen accepts, and what it does.
public struct EventDefinition: Sendable {
    public let name: String
    public let label: String?
    public let role: EventRole?
    public let fields: [(name: String, field: EventField)]
    public let actions: [FlowAction]
}

/// A link pattern and the coordinator that follows it.
public struct LinkDefinition: Sendable {
    public let pattern: String
    public let description: String?
    public let coordinator: String
    public let actions: [FlowAction]
}
