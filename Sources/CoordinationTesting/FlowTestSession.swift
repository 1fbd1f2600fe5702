/// A session of a flow driven in-process, the way the server drives it: the
/// same engine (``Session``), the same validation, limits and replay, and
/// no sockets. A test sends events by screen name, reads back what a
/// client would render, and asserts the order of the router's calls.
///
/// Every refusal is the ``NavigationError`` the API turns into its problem:
/// `kind` names the problem type (``NavigationError/Kind/invalidPayload``
/// is `invalid-payload`, 422; ``NavigationError/Kind/screenNotActive`` is
/// `screen-not-active`, 409) and `detail` is its `detail` text. A refused
/// event changes nothing.
///
/// Effects stay pending (``pendingEffects``) until the test answers them
/// with ``complete(_:with:)``, as a backend would.
///
/// After every accepted change the session checks the invariants every flow
/// keeps (``FlowInvariants``,
/// docs/ARCHITECTURE.md#invariants-every-flow-keeps); ``invariantProblems``
/// lists what is broken.
public final class FlowTestSession {
    /// The engine's session underneath, for what this type does not wrap.
    public private(set) var session: Session
    /// Every router call since the start, oldest first (the session's own
    /// history keeps only the last ``SessionLimits/maxHistoryLength``).
    public private(set) var routerCalls: [HistoryEntry]
    private(set) var invariants = FlowInvariants()
    /// The invariants the last change broke, in words; empty when none.
    /// ``FlowWalk`` fails on the first step that leaves any.
    public private(set) var invariantProblems: [String] = []

    /// Starts a session of `flow`, as `POST /v1/sessions` does; throws what
    /// a create would refuse (an invalid context, a refused link, a flow
    /// that fails in `start()`).
    ///
    /// - Parameters:
    ///   - link: a deep link opened as part of the start.
    ///   - limits: the server's by default.
    ///   - seed: the seed of ``CoordinatorEnvironment/random``.
    ///   - createdAt: what ``CoordinatorEnvironment/now`` reads in `start()`,
    ///     in milliseconds since 1970.
    public init(
        flow: Flow, context: JSONValue? = nil, link: String? = nil, limits: SessionLimits = .default, seed: UInt64 = 0,
        createdAt: Int64 = 0
    ) throws(NavigationError) {
        session = try Session(
            id: "flow-test", flow: flow, context: context, limits: limits, createdAt: createdAt, seed: seed, link: link)
        routerCalls = Array(session.history.entries)
        check()
    }

    private init(replaying original: FlowTestSession) throws(NavigationError) {
        session = try original.session.replayedFromJournal()
        let (history, truncated) = session.history.entries(since: 0)
        routerCalls = truncated ? original.routerCalls : Array(history)
        check()
    }

    // MARK: - Changing it

    /// Sends `event` from the shown screen called `screen` (the top one when
    /// nil), as `POST /v1/sessions/{id}/events` does.
    ///
    /// - Returns: the router calls the event made, in order.
    @discardableResult
    public func send(
        _ event: String, payload: JSONObject = [:], on screen: String? = nil
    ) throws(NavigationError)
        -> [HistoryEntry]
    {
        try send(ClientEvent(screen: try screenID(named: screen), event: event, payload: payload))
    }

    /// Sends an event by screen id, with an optional `If-Match` version.
    @discardableResult
    public func send(
        _ event: ClientEvent, expectedVersion: Int? = nil, at time: Int64 = 0
    ) throws(NavigationError)
        -> [HistoryEntry]
    {
        try change { () throws(NavigationError) in try session.send(event, expectedVersion: expectedVersion, at: time) }
    }

    /// Opens a deep link on the live session, as `POST /v1/sessions/{id}/links` does.
    @discardableResult
    public func open(link: String) throws(NavigationError) -> [HistoryEntry] {
        try send(ClientEvent(link: link))
    }

    /// Answers the oldest pending effect called `effectName` with `outcome`,
    /// as the backend that performs it would.
    @discardableResult
    public func complete(_ effectName: String, with outcome: EffectOutcome) throws(NavigationError) -> [HistoryEntry] {
        guard let effect = session.pendingEffects.first(where: { $0.name == effectName }) else {
            let pending = session.pendingEffects.map(\.name)
            throw NavigationError(
                .eventRejected,
                "no effect called '\(effectName)' is pending; pending: \(pending.isEmpty ? "none" : pending.joined(separator: ", "))")
        }
        return try deliver(outcome, to: effect.id)
    }

    /// Delivers `outcome` to the pending effect with id `effectID`.
    @discardableResult
    public func deliver(_ outcome: EffectOutcome, to effectID: String) throws(NavigationError) -> [HistoryEntry] {
        try change { () throws(NavigationError) in try session.deliver(outcome, to: effectID) }
    }

    /// The session rebuilt from its journal alone, as a restart or another
    /// instance rebuilds it: a deterministic flow answers the same
    /// ``document`` (`#expect(try session.replayed().document == session.document)`).
    public func replayed() throws(NavigationError) -> FlowTestSession {
        try FlowTestSession(replaying: self)
    }

    private func change(_ body: () throws(NavigationError) -> Void) throws(NavigationError) -> [HistoryEntry] {
        let before = session.version
        try body()
        let made = Array(session.history.entries(since: before).entries)
        routerCalls += made
        check()
        return made
    }

    /// Takes over what `tracked` saw (a session this one replaced, now let
    /// go) and checks again: any part of it still alive is a leak.
    func adopt(_ tracked: FlowInvariants) {
        invariants.merge(tracked)
        check()
    }

    private func check() {
        invariantProblems = invariants.problems(in: session, routerCalls: routerCalls)
    }

    /// The id of the screen called `name`: the topmost of the stack, else
    /// of the rest of the layout (another column or tab); the top screen
    /// when `name` is nil. The engine then decides whether it is active.
    private func screenID(named name: String?) throws(NavigationError) -> String {
        let stack = session.stack.entries
        let entry =
            name.map { name in
                stack.last { $0.screen.name == name } ?? session.shownEntries.last { $0.screen.name == name }
            } ?? stack.last
        guard let entry, let id = entry.screen.id else {
            let names = session.stack.entries.map(\.screen.name).joined(separator: ", ")
            throw NavigationError(
                .screenNotActive, "no screen called '\(name ?? "")' is shown; the stack is [\(names)]",
                activeScreen: session.stack.top?.screen.id)
        }
        return id
    }
}
