/// One event a screen accepts: its name, the fields of its payload, and the
/// coordinator's handler (an iOS coordinator's `loginVC.onLogin = { ... }`).
public struct EventDeclaration {
    /// What a handler receives. It may throw ``EventRejection`` to refuse the
    /// event; the session is then left exactly as it was before the event.
    public typealias Handler = (EventPayload) throws -> Void

    public let name: String
    /// What a person reads on the event's control: the flow's words, or
    /// ``DefaultWording/label(ofEvent:)``.
    public let label: String
    /// How a client presents the control: the flow's role, or
    /// ``DefaultWording/role(ofEvent:)``; nil for an ordinary action.
    public let role: EventRole?
    /// The payload's fields, shared with the value the flow declared.
    public let declaredFields: EventFields
    /// The payload's fields in declaration order; every one is required.
    public var fields: [(name: String, type: FieldType)] { declaredFields.list }
    /// The string fields declared with a limit of their own
    /// (``EventField/string(maxBytes:)``), by name: the most UTF-8 bytes each
    /// may have. The others have the session's
    /// ``SessionLimits/maxStringFieldBytes``.
    public var maxStringBytes: [String: Int] { declaredFields.maxStringBytes }
    /// The string fields declared with a fixed set of values
    /// (``EventField/string(oneOf:)``), by name.
    public var allowedValues: [String: [String]] {
        var allowed: [String: [String]] = [:]
        for (index, field) in fields.enumerated() {
            if let values = allowedValues(at: index) { allowed[field.name] = values }
        }
        return allowed
    }
    let handler: Handler

    init(name: String, label: String? = nil, role: EventRole? = nil, fields: EventFields, handler: @escaping Handler) {
        self.name = name
        self.label = label ?? DefaultWording.label(ofEvent: name)
        self.role = role ?? DefaultWording.role(ofEvent: name)
        self.declaredFields = fields
        self.handler = handler
    }

    /// The values the field at `index` of ``fields`` may have, if it was
    /// declared with ``EventField/string(oneOf:)``.
    func allowedValues(at index: Int) -> [String]? {
        declaredFields.allowedValues(at: index)
    }

    /// Checks `payload` against ``fields``: every declared field present with
    /// its type, strings within their limit (``maxStringBytes``, else
    /// `defaultMaxStringBytes`) and among their allowed values, or among the
    /// choices the screen's `params` offer now, nothing else. Returns one
    /// message per problem, in field order.
    func problems(
        with payload: JSONObject, params: @autoclosure () -> JSONObject, defaultMaxStringBytes: Int
    ) -> [FieldProblem] {
        var problems: [FieldProblem] = []
        for (index, field) in fields.enumerated() {
            guard let value = payload[field.name] else {
                problems.append(FieldProblem(field: field.name, message: "is required (\(field.type.rawValue))"))
                continue
            }
            if !field.type.accepts(value) {
                problems.append(
                    FieldProblem(
                        field: field.name,
                        message: "must be a \(field.type.rawValue), not \(value.typeName)"))
            } else if case .string(let text) = value, text == SecretField.placeholder,
                declaredFields.secretNames.contains(field.name)
            {
                // A replayed secret: what its value was is not known, only that it was not empty.
                continue
            } else if case .string(let text) = value {
                // `utf8.count` is O(1) for native strings: no scan of a long value.
                let limit = maxStringBytes[field.name] ?? defaultMaxStringBytes
                let length = text.utf8.count
                if length > limit {
                    problems.append(
                        FieldProblem(
                            field: field.name,
                            message: "must be at most \(limit) UTF-8 bytes long, not \(length)"))
                } else if let allowed = allowedValues(at: index), !allowed.contains(text) {
                    problems.append(
                        FieldProblem(
                            field: field.name,
                            message: "must be one of \(allowed.joined(separator: ", ")), not '\(text.prefix(64))'"))
                } else if let choices = declaredFields.choicesFromParams(at: index), !choices.offers(text, in: params()) {
                    problems.append(FieldProblem(field: field.name, message: choices.refusal(of: text, in: params())))
                }
            }
        }
        for (key, _) in payload where !fields.contains(where: { $0.name == key }) {
            problems.append(FieldProblem(field: key, message: "is not a field of event '\(name)'"))
        }
        return problems
    }
}

/// What is wrong with one member of an event payload or a flow context.
public struct FieldProblem: Sendable, Equatable, CustomStringConvertible {
    public let field: String
    public let message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "'\(field)' \(message)" }
}

/// Thrown by an event handler to refuse an event the screen declared but
/// cannot accept now (an unknown currency code, say). The client gets a 422
/// with `reason`; the session is left exactly as it was.
///
/// Throw it before changing anything and refusing costs nothing. If the
/// router, the store or the coordinator tree changed first, the session is
/// rebuilt from its accepted events, which costs time in proportion to
/// them. Change your coordinator's own properties only after the last check
/// that may throw: they are not watched.
public struct EventRejection: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
