extension DefinitionReader {
    private static let topKeys = ["flow", "version", "description", "context", "store", "root", "coordinators", "links"]
    private static let coordinatorKeys = ["start", "screens", "calls"]
    private static let screenKeys = ["title", "params", "events", "backDisabled", "interactiveDismissDisabled"]
    private static let eventKeys = ["label", "role", "fields", "do"]
    private static let linkKeys = ["pattern", "description", "coordinator", "do", "reject"]
    private static let contextKeys = ["type", "default", "nullable", "description"]

    /// The whole file; nil when a member it cannot do without is missing.
    mutating func flow(_ value: JSONValue) -> FlowDefinition? {
        let at = JSONPointer.root
        guard let object = object(value, at: at, known: Self.topKeys, what: "a flow file") else { return nil }
        let name = string(object, "flow", at: at, required: true)
        let version = integer(object, "version", at: at, in: 1...Int(Int32.max), required: true)
        let description = string(object, "description", at: at) ?? ""
        let context = members(object, "context", at: at, what: "'context'").compactMap { name, value in
            contextField(name, value, at: at.appending("context").appending(name))
        }
        var store = JSONObject()
        if let value = object["store"] {
            if let members = value.objectValue { store = members } else { problem(at.appending("store"), "'store' must be an object") }
        }
        let root = string(object, "root", at: at, required: true)
        let coordinators = members(object, "coordinators", at: at, what: "'coordinators'").compactMap { name, value in
            coordinator(name, value, at: at.appending("coordinators").appending(name))
        }
        if object["coordinators"] == nil { problem(at, "'coordinators' is required") }
        let links = elements(object, "links", at: at, what: "'links'").enumerated().compactMap { index, value in
            link(value, at: at.appending("links").appending(index))
        }
        guard let name, let version, let root else { return nil }
        return FlowDefinition(
            name: name, version: version, description: description, context: context, store: store, root: root,
            coordinators: Dictionary(coordinators.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }),
            links: links)
    }

    private mutating func contextField(_ name: String, _ value: JSONValue, at pointer: JSONPointer) -> ContextField? {
        guard let object = object(value, at: pointer, known: Self.contextKeys, what: "a context field") else { return nil }
        guard let typeName = string(object, "type", at: pointer, required: true) else { return nil }
        guard let type = FieldType(rawValue: typeName) else {
            problem(pointer.appending("type"), "unknown field type '\(typeName)'")
            return nil
        }
        let nullable = bool(object, "nullable", at: pointer)
        let defaultValue = object["default"] ?? (nullable ? .null : Self.zero(of: type))
        return ContextField(
            name, type, nullable: nullable, default: defaultValue, description: string(object, "description", at: pointer) ?? "")
    }

    /// The default of a context field that names none: its type's empty value.
    private static func zero(of type: FieldType) -> JSONValue {
        switch type {
        case .string: ""
        case .number: 0
        case .boolean: false
        case .object: [:]
        case .array: []
        }
    }

    private mutating func coordinator(_ name: String, _ value: JSONValue, at pointer: JSONPointer) -> CoordinatorDefinition? {
        guard let object = object(value, at: pointer, known: Self.coordinatorKeys, what: "a coordinator") else { return nil }
        let screens = members(object, "screens", at: pointer, what: "'screens'").compactMap { screenName, value in
            screen(screenName, value, at: pointer.appending("screens").appending(screenName))
        }
        let calls = members(object, "calls", at: pointer, what: "'calls'").compactMap { callName, value -> (String, [FlowAction])? in
            let at = pointer.appending("calls").appending(callName)
            guard let elements = value.arrayValue else {
                problem(at, "a call is an array of actions, not \(value.typeName)")
                return nil
            }
            return (callName, elements.enumerated().compactMap { action($1, at: at.appending($0)) })
        }
        return CoordinatorDefinition(
            name: name, start: actions(object, "start", at: pointer), screens: screens, calls: calls.map { (name: $0.0, actions: $0.1) })
    }

    private mutating func screen(_ name: String, _ value: JSONValue, at pointer: JSONPointer) -> ScreenDefinition? {
        guard let object = object(value, at: pointer, known: Self.screenKeys, what: "a screen") else { return nil }
        let title = object["title"].map { expression($0, at: pointer.appending("title")) }
        let params = members(object, "params", at: pointer, what: "'params'").map { param, value in
            (name: param, value: expression(value, at: pointer.appending("params").appending(param)))
        }
        let events = members(object, "events", at: pointer, what: "'events'").compactMap { eventName, value in
            event(eventName, value, at: pointer.appending("events").appending(eventName))
        }
        return ScreenDefinition(
            name: name, title: title, params: params, events: events, backDisabled: bool(object, "backDisabled", at: pointer),
            interactiveDismissDisabled: bool(object, "interactiveDismissDisabled", at: pointer))
    }

    private mutating func event(_ name: String, _ value: JSONValue, at pointer: JSONPointer) -> EventDefinition? {
        if let reserved = ReservedEvent(rawValue: name) {
            problem(pointer, "'\(reserved.rawValue)' is reserved: the router carries it out for the user")
            return nil
        }
        guard let object = object(value, at: pointer, known: Self.eventKeys, what: "an event") else { return nil }
        var role: EventRole?
        if let spelled = string(object, "role", at: pointer) {
            role = EventRole(rawValue: spelled)
            if role == nil {
                problem(
                    pointer.appending("role"),
                    "unknown role '\(spelled)'; roles: \(EventRole.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        let fields = members(object, "fields", at: pointer, what: "'fields'").compactMap { fieldName, value in
            field(value, at: pointer.appending("fields").appending(fieldName)).map { (name: fieldName, field: $0) }
        }
        return EventDefinition(
            name: name, label: string(object, "label", at: pointer), role: role, fields: fields,
            actions: actions(object, "do", at: pointer))
    }

    private mutating func link(_ value: JSONValue, at pointer: JSONPointer) -> LinkDefinition? {
        guard let object = object(value, at: pointer, known: Self.linkKeys, what: "a link") else { return nil }
        guard let pattern = string(object, "pattern", at: pointer, required: true),
            let coordinator = string(object, "coordinator", at: pointer, required: true)
        else { return nil }
        return LinkDefinition(
            pattern: pattern, description: string(object, "description", at: pointer), coordinator: coordinator,
            actions: actions(object, "do", at: pointer),
            reject: object["reject"].map { expression($0, at: pointer.appending("reject")) })
    }
}
