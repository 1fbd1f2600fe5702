import Testing

@testable import Coordination

// MARK: - Reading a session

extension Session {
    /// A session of ``Flow/workbench``.
    static func workbench(id: String = "wb-session", limits: SessionLimits = .default) throws(NavigationError) -> Session {
        try Session(id: id, flow: .workbench, context: nil, limits: limits)
    }

    /// The id of the active screen.
    var topID: String { stack.top?.screen.id ?? "" }

    /// The stack, bottom to top, as `name:presentation`.
    var stackDescription: [String] {
        stack.entries.map { "\($0.screen.name):\($0.presentation.rawValue)" }
    }

    /// The live coordinator tree, e.g. `ROOT[A[B],C]` (workbench labels, else type names).
    var treeDescription: String { describeTree(root) }

    /// What the workbench coordinators logged, in order.
    var lifecycle: [String] { store[.lifecycle]?.lines ?? [] }

    /// The router calls recorded after `version`, as `operation(screen)`, with
    /// `[user]` for the ones the user made with `back` or `dismiss`.
    func routerCalls(since version: Int) -> [String] {
        history.entries(since: version).entries.map { entry in
            let presentation = entry.operation == .present ? ", \(entry.presentation?.rawValue ?? "?")" : ""
            return "\(entry.operation.rawValue)(\(entry.screen)\(presentation))" + (entry.byUser ? " [user]" : "")
        }
    }

    /// The document as text, for readable comparisons.
    var documentText: String { String(decoding: document(), as: UTF8.self) }

    /// Sends `event` as the active screen; returns the router calls it made.
    @discardableResult
    func tap(_ event: String, _ payload: JSONObject = [:]) throws(NavigationError) -> [String] {
        let before = version
        try send(ClientEvent(screen: topID, event: event, payload: payload))
        return routerCalls(since: before)
    }
}

private func describeTree(_ coordinator: Coordinator) -> String {
    let name = (coordinator as? Workbench)?.label ?? coordinator.typeName
    let children = coordinator.childCoordinators.map(describeTree)
    return children.isEmpty ? name : "\(name)[\(children.joined(separator: ","))]"
}

// MARK: - Refusals

/// Everything a client can observe of a session: what must not move when an
/// event is refused.
struct Fingerprint: Equatable {
    let version: Int
    let document: [UInt8]
    let history: [UInt8]
    let acceptedEvents: [ClientEvent]

    init(_ session: Session) {
        version = session.version
        document = session.document()
        history = session.historyDocument()
        acceptedEvents = session.acceptedEvents
    }
}

/// Sends `event`, expects it refused with `kind`, and expects the session
/// exactly as before (version, document and history byte for byte).
@discardableResult
func expectRefused(
    _ kind: NavigationError.Kind, _ session: Session, _ event: ClientEvent, expectedVersion: Int? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> NavigationError? {
    let before = Fingerprint(session)
    var refusal: NavigationError?
    do {
        try session.send(event, expectedVersion: expectedVersion)
    } catch {
        refusal = error
    }
    #expect(
        refusal?.kind == kind, "expected \(kind), got \(refusal.map { "\($0)" } ?? "success")",
        sourceLocation: sourceLocation)
    #expect(Fingerprint(session) == before, "the refused event changed the session", sourceLocation: sourceLocation)
    return refusal
}

/// ``expectRefused(_:_:_:expectedVersion:sourceLocation:)`` for an event on the active screen.
@discardableResult
func expectRefused(
    _ kind: NavigationError.Kind, _ session: Session, tapping event: String, _ payload: JSONObject = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) -> NavigationError? {
    expectRefused(
        kind, session, ClientEvent(screen: session.topID, event: event, payload: payload),
        sourceLocation: sourceLocation)
}

/// Holds an object without keeping it alive, to check that it was freed.
struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
