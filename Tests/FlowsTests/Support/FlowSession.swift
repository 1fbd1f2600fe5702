import FlowTestSupport
import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// A session of a built-in flow, driven by screen name as a client would,
/// with the router calls of each event read back from its history.
final class FlowSession {
    let session: Session

    /// Every router call of the session, when it records them.
    let routerLog: RouterCallLog?
    /// Whether the effects an event asks for are performed at once by the
    /// built-in flows' demo services (``DemoServices``) and their outcomes
    /// delivered before ``send(_:on:_:expectedVersion:)`` returns, as a
    /// server with fast services does. False: they stay pending.
    var performsEffects = true

    init(
        _ flow: Flow, context: JSONValue? = nil, limits: SessionLimits = .default, routerLog: RouterCallLog? = nil
    ) throws(NavigationError) {
        session = try Session(id: "flow-session", flow: flow, context: context, limits: limits, routerLog: routerLog)
        self.routerLog = routerLog
    }

    static func app(onboarded: Bool = false, token: String? = nil, recording: Bool = false) throws(NavigationError) -> FlowSession {
        try FlowSession(
            AppFlow.flow, context: ["onboarded": .bool(onboarded), "token": token.map(JSONValue.string) ?? nil],
            routerLog: recording ? RouterCallLog() : nil)
    }

    static func exchange(recording: Bool = false) throws(NavigationError) -> FlowSession {
        try FlowSession(ExchangeFlow.flow, routerLog: recording ? RouterCallLog() : nil)
    }

    // MARK: - Reading

    var version: Int { session.version }
    var store: SharedStore { session.store }
    var topScreen: Screen? { session.stack.top?.screen }

    /// The stack, bottom to top, as `name:presentation`.
    var stack: [String] {
        session.stack.entries.map { "\($0.screen.name):\($0.presentation.rawValue)" }
    }

    /// The live coordinator tree, e.g. `AppCoordinator[MainCoordinator[ProfileCoordinator]]`.
    var tree: String { Self.describe(session.root) }

    private static func describe(_ coordinator: Coordinator) -> String {
        let children = coordinator.childCoordinators.map(describe)
        return children.isEmpty ? coordinator.typeName : "\(coordinator.typeName)[\(children.joined(separator: ", "))]"
    }

    /// The params of the topmost screen called `name`.
    func params(_ name: String) -> JSONObject? {
        session.stack.entries.last { $0.screen.name == name }?.screen.params
    }

    /// The top screen's accepted events as the document lists them.
    var acceptedEvents: [String] {
        get throws {
            let top = try JSONParser.parse(session.document())["stack"]?.arrayValue?.last
            return (top?["events"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        }
    }

    /// Router calls recorded after `version`, as `Type: call`, with ` [user]`
    /// for `back` and `dismiss` carried out for the user.
    func calls(since version: Int) -> [String] {
        session.history.entries(since: version).entries.map(Self.describe)
    }

    static func describe(_ entry: HistoryEntry) -> String {
        let call: RouterCall =
            switch entry.operation {
            case .push: .push(entry.screen)
            case .pop: .pop
            case .popToRoot: .popToRoot
            case .setRoot: .setRoot(entry.screen)
            case .present: .present(entry.screen, entry.presentation == .fullScreen ? .fullScreen : .sheet)
            case .dismiss: .dismiss
            case .update: .update(entry.screen)
            case .setTabs: .setTabs(entry.tabs?.map(\.id) ?? [])
            case .setSplit: .setSplit
            case .selectTab: .selectTab(entry.tab ?? "")
            }
        let place = [entry.tab, entry.column?.rawValue].compactMap { $0 }.joined(separator: "/")
        return "\(entry.coordinator): \(call)" + (place.isEmpty ? "" : " @\(place)") + (entry.byUser ? " [user]" : "")
    }

    // MARK: - Sending

    struct WrongScreen: Error, CustomStringConvertible {
        let expected: String, actual: String
        var description: String { "expected '\(expected)' on top, found '\(actual)'" }
    }

    /// Sends `event` from the top screen, which must be `screen`; returns the router calls it made.
    @discardableResult
    func send(_ event: String, on screen: String, _ payload: JSONObject = [:], expectedVersion: Int? = nil) throws -> [String] {
        guard let top = topScreen, top.name == screen else {
            throw WrongScreen(expected: screen, actual: topScreen?.name ?? "nothing")
        }
        let before = version
        try session.send(ClientEvent(screen: top.id ?? "", event: event, payload: payload), expectedVersion: expectedVersion)
        if performsEffects { try performPendingEffects() }
        return calls(since: before)
    }

    /// Performs every pending effect with the demo services and delivers
    /// its outcome, oldest first, until none is pending.
    func performPendingEffects() throws {
        try DemoEffects.answerPending(of: session)
    }

    /// Opens `link`; returns the router calls it made, as the recording
    /// router saw them when the session has one, else as its history lists them.
    @discardableResult
    func open(_ link: String, expectedVersion: Int? = nil) throws -> [String] {
        let before = version
        routerLog?.removeAll()
        try session.open(link: link, expectedVersion: expectedVersion)
        if performsEffects { try performPendingEffects() }
        return routerLog.map { describeCalls($0) } ?? calls(since: before)
    }

    /// Sends `event` from the top screen, expecting a refusal that leaves the session as it was.
    @discardableResult
    func refusal(
        _ event: String, on screen: String, _ payload: JSONObject = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> NavigationError? {
        let before = (version, session.document(), session.historyDocument(), session.acceptedEvents)
        var refusal: NavigationError?
        do {
            try send(event, on: screen, payload)
            Issue.record("'\(event)' on '\(screen)' was accepted", sourceLocation: sourceLocation)
        } catch let error as NavigationError {
            refusal = error
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
        let after = (version, session.document(), session.historyDocument(), session.acceptedEvents)
        #expect(before == after, "a refused event changed the session", sourceLocation: sourceLocation)
        return refusal
    }
}

/// `Type: call` for the calls a ``RouterCallLog`` recorded.
func describe(_ log: RouterCallLog) -> [String] {
    describeCalls(log)
}

/// ``describe(_:)`` under a name that members of types with their own
/// `describe` can call.
func describeCalls(_ log: RouterCallLog) -> [String] {
    log.entries.map { "\($0.coordinator): \($0.call)" }
}

/// Holds an object without keeping it alive, to check that it was freed.
struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
