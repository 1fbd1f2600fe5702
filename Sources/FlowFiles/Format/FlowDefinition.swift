/// One version of one flow, read from a flow file and checked
/// (docs/flow-files.md#the-format): what the engine runs.
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

/// A coordinator of a flow file: its `start`, the screens it shows, and
/// its calls: named actions its parent, its children or itself run
/// (`call`), as an iOS coordinator's methods and delegate callbacks.
public struct CoordinatorDefinition: Sendable {
    public let name: String
    public let start: [FlowAction]
    /// By name, in the file's order.
    public let screens: [ScreenDefinition]
    /// By name, in the file's order.
    public let calls: [(name: String, actions: [FlowAction])]

    public func screen(named name: String) -> ScreenDefinition? {
        screens.first { $0.name == name }
    }

    /// The actions of call `name`; nil when it has none of that name.
    public func call(named name: String) -> [FlowAction]? {
        calls.first { $0.name == name }?.actions
    }
}

/// A screen: its title, params and events.
public struct ScreenDefinition: Sendable {
    public let name: String
    public let title: FlowExpression?
    /// Each param, in the file's order, evaluated whenever the session changes.
    public let params: [(name: String, value: FlowExpression)]
    public let events: [EventDefinition]
    /// No `back` from it: the screen is shown with ``Screen/backDisabled(_:)``.
    public let backDisabled: Bool
    /// No swipe-down `dismiss` of the modal it is in (``Screen/interactiveDismissDisabled(_:)``).
    public let interactiveDismissDisabled: Bool
    /// The params, made once, when every one is a literal: every session
    /// shows this very object, which the flow writes once
    /// (``Flow/sharingParams(_:)-([JSONValue])``).
    let literalParams: JSONObject?

    init(
        name: String, title: FlowExpression?, params: [(name: String, value: FlowExpression)], events: [EventDefinition],
        backDisabled: Bool, interactiveDismissDisabled: Bool
    ) {
        self.name = name
        self.title = title
        self.params = params
        self.events = events
        self.backDisabled = backDisabled
        self.interactiveDismissDisabled = interactiveDismissDisabled
        var literals = JSONObject()
        for (name, value) in params {
            guard case .literal(let literal) = value else {
                literalParams = nil
                return
            }
            literals[name] = literal
        }
        literalParams = literals
    }

    /// The arrays and objects every session of the flow shows as the very
    /// same values: the literal params, and the params object when all are.
    var sharedParams: [JSONValue] {
        var shared: [JSONValue] = literalParams.map { [.object($0)] } ?? []
        for case (_, .literal(let value)) in params where value.arrayValue != nil || value.objectValue != nil {
            shared.append(value)
        }
        return shared
    }
}

/// An event a screen accepts, and what it does.
public struct EventDefinition: Sendable {
    public let name: String
    public let label: String?
    public let role: EventRole?
    public let fields: [(name: String, field: EventField)]
    public let actions: [FlowAction]
    /// ``fields`` made once, when the file is read: every screen a session
    /// shows shares them, as a Swift flow's static ``EventFields`` are.
    let declaredFields: EventFields

    init(name: String, label: String?, role: EventRole?, fields: [(name: String, field: EventField)], actions: [FlowAction]) {
        self.name = name
        self.label = label
        self.role = role
        self.fields = fields
        self.actions = actions
        declaredFields = EventFields(fields)
    }
}

/// A link pattern and the coordinator that follows it.
public struct LinkDefinition: Sendable {
    public let pattern: String
    public let description: String?
    public let coordinator: String
    public let actions: [FlowAction]
    /// Evaluated with `link` when the link is opened, before any
    /// coordinator sees it: a value other than null or false refuses the
    /// link with that message (422, nothing changed).
    public let reject: FlowExpression?
}
