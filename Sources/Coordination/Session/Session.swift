/// One client's navigation session: a live coordinator tree, its stack, its
/// history, and its version.
///
/// Events are the only way a session changes. Each is applied atomically:
/// validated first, then carried out; if a handler fails part-way, the
/// session is rebuilt from its flow, its context and the events it accepted
/// before, and so is exactly as it was. Ids come from counters, so the
/// rebuilt session is identical.
///
/// Not thread-safe: ``SessionRegistry`` gives each session its own lock.
public final class Session {
    public let id: String
    /// The flow it runs.
    public var flow: Flow { state.flow }
    /// The validated context, defaults filled in.
    public let context: JSONObject
    public let limits: SessionLimits
    /// Starts at 1 (the session's creation) and grows by one per accepted event.
    public private(set) var version = 1
    /// Every event accepted so far, in order: what the session is rebuilt from.
    public private(set) var acceptedEvents: [ClientEvent] = []
    /// Where every router call is recorded, when the session was made with one.
    public let routerLog: RouterCallLog?
    private var state: SessionState
    /// What the session holds against ``SessionLimits/maxSessionBytes``.
    private var budget: SessionBudget
    /// The document last rendered, reused by the next render.
    private var documents = DocumentCache()
    /// True when an undo failed because the flow did not replay the same way
    /// (it is not deterministic). Such a session refuses everything and its
    /// registry drops it.
    public private(set) var isBroken = false

    /// Builds the flow's root coordinator and runs `start()`.
    ///
    /// - Parameter routerLog: for tests: every coordinator's router then
    ///   records its calls there (``RecordingRouter``). When an event is
    ///   undone the log is rebuilt with the session, so it always holds the
    ///   calls behind the current state.
    public init(
        id: String, flow: Flow, context: JSONValue?, limits: SessionLimits = .default,
        routerLog: RouterCallLog? = nil
    ) throws(NavigationError) {
        self.id = id
        self.limits = limits
        self.routerLog = routerLog
        let validated = try flow.validatedContext(context)
        let budget = try SessionBudget(context: validated, limit: limits.maxSessionBytes)
        let state = try SessionState(flow: flow, context: validated, limits: limits, routerLog: routerLog)
        try budget.checkStart(paramsBytes: state.stackParamsByteCount, limit: limits.maxSessionBytes)
        self.context = validated
        self.budget = budget
        self.state = state
    }

    /// Rebuilds a recorded session: builds the root, runs `start()`, then
    /// replays `acceptedEvents` through the flow's code, as a restart or
    /// another instance does.
    ///
    /// The event count and the byte budget are not applied to events that
    /// were accepted once, so a server restarted with smaller such limits
    /// keeps its sessions. The stack depth and string-field limits are part
    /// of validating each event and still apply: a recorded event past a
    /// lowered one fails to replay. An event the flow no longer accepts, or
    /// a handler that fails, throws ``NavigationError/Kind/flowFailure``
    /// naming the event.
    ///
    /// - Parameter context: the recorded context, as it was validated at creation.
    public init(
        restoring id: String, flow: Flow, context: JSONObject, acceptedEvents: [ClientEvent],
        limits: SessionLimits = .default
    ) throws(NavigationError) {
        self.id = id
        self.limits = limits
        self.routerLog = nil
        self.context = context
        let state: SessionState
        do {
            state = try SessionState(flow: flow, context: context, limits: limits, routerLog: nil)
        } catch {
            throw NavigationError(.flowFailure, "replaying the session's start failed (\(error.detail))")
        }
        do throws(SessionState.ReplayFailure) {
            try state.replay(acceptedEvents, after: 1)
        } catch {
            throw NavigationError(
                .flowFailure,
                "replaying accepted event \(error.offset + 1) ('\(error.event.event)' on \(error.event.screen)) failed (\(error.cause.detail))"
            )
        }
        self.state = state
        self.acceptedEvents = acceptedEvents
        self.version = acceptedEvents.count + 1
        self.budget = SessionBudget(context: context, acceptedEvents: acceptedEvents)
    }

    /// True once the root coordinator has finished; events are then refused.
    public var isFinished: Bool { state.root.isFinished }
    public var root: Coordinator { state.root }
    public var stack: NavigationStack { state.navigation.stack }
    /// The container tree under the modals: tabs, a split view, or the plain stack.
    public var layout: Layout { state.navigation.layout }
    public var history: History { state.navigation.history }
    public var store: SharedStore { state.environment.store }

    /// The bytes held against ``SessionLimits/maxSessionBytes``: the context,
    /// the accepted events and the params of the screens on the stack, as
    /// compact JSON (see ``SessionBudget`` for exactly what counts).
    public var byteCount: Int { budget.heldBytes(paramsBytes: state.stackParamsByteCount) }

    /// Applies one client event, or throws and changes nothing.
    ///
    /// Checks run in this order: the session is usable, the expected
    /// version, the event limit, the event and its payload
    /// (``SessionState``), then the byte budget.
    ///
    /// - Parameter expectedVersion: the client's `If-Match`; when it is not
    ///   the current version the event is refused with
    ///   ``NavigationError/Kind/versionMismatch``.
    public func send(_ event: ClientEvent, expectedVersion: Int? = nil) throws(NavigationError) {
        guard !isBroken else { throw Self.lost }
        if let expectedVersion, expectedVersion != version {
            throw NavigationError(
                .versionMismatch,
                "the session is at version \(version), not \(expectedVersion); fetch it again before sending events",
                currentVersion: version)
        }
        guard !isFinished else {
            throw NavigationError(
                .sessionFinished, "the session has finished and accepts no more events",
                currentVersion: version)
        }
        guard acceptedEvents.count < limits.maxEventsPerSession else {
            throw NavigationError(
                .eventLimitReached,
                "the session accepted its limit of \(limits.maxEventsPerSession) events; start a new session",
                currentVersion: version)
        }
        let dispatch = try state.validate(event, version: version)
        let admission = try budget.admit(
            event, paramsBytes: state.stackParamsByteCount, limit: limits.maxSessionBytes, version: version)
        let before = state.changeMarker
        do throws(NavigationError) {
            try state.apply(dispatch, payload: event.payload, version: version + 1)
            try admission.confirm(paramsBytes: state.stackParamsByteCount)
        } catch {
            if error.kind != .eventRejected || state.changeMarker != before {
                try rebuild()
            }
            throw error
        }
        accept(event, bytes: admission.eventBytes)
    }

    /// Takes back the last accepted event: the session is rebuilt from the
    /// events before it, exactly as it was before that event. For a caller
    /// that could not record the event (its store was unavailable) and must
    /// not answer as if it had been accepted.
    public func undoLastEvent() throws(NavigationError) {
        guard let last = acceptedEvents.popLast() else { return }
        version -= 1
        budget.remove(last)
        try rebuild()
    }

    /// Applies events that were accepted and recorded elsewhere (another
    /// server instance) to this live session, as
    /// ``init(restoring:flow:context:acceptedEvents:limits:)`` replays them:
    /// the event count and the byte budget are not applied again. Only the
    /// events a cached session has not seen are replayed.
    ///
    /// An event that fails throws ``NavigationError/Kind/flowFailure``; the
    /// session is then ``isBroken`` (its state may be half-changed) and the
    /// caller rebuilds it from all its recorded events instead.
    public func applyRecorded(_ events: [ClientEvent]) throws(NavigationError) {
        guard !isBroken else { throw Self.lost }
        do {
            try state.replay(events, after: version)
        } catch {
            isBroken = true
            throw NavigationError(
                .flowFailure,
                "replaying recorded event '\(error.event.event)' on \(error.event.screen) failed (\(error.cause.detail))")
        }
        for event in events { accept(event, bytes: SessionBudget.bytes(of: event)) }
    }

    /// Ends the session: the root coordinator finishes, and with it every
    /// descendant.
    public func end() {
        state.end()
        documents.sessionChanged()
    }

    /// The session document (openapi.yaml, `Session`), as compact JSON,
    /// kept until the next change or ``releaseDocument()``.
    public func document() -> [UInt8] {
        if let current = documents.current { return current }
        let rendered = SessionDocument.render(self, reusing: documents.last)
        documents.keep(rendered)
        return rendered.bytes
    }

    /// The history document (openapi.yaml, `History`): the router calls that
    /// produced versions after `version` (all of them for 0), oldest first.
    ///
    /// `truncated` is true when some of those calls were already dropped
    /// (see ``SessionLimits/maxHistoryLength``): the client should then fetch
    /// the session instead of animating from its old version.
    public func historyDocument(since version: Int = 0) -> [UInt8] {
        HistoryDocument.render(history, since: version, sessionVersion: self.version)
    }

    /// Whether the session holds a rendered document (current or not).
    public var holdsDocument: Bool { documents.holdsDocument }

    /// Frees the rendered document. The next ``document()`` renders it
    /// whole again: the same bytes, at the cost of writing every part
    /// instead of only what changed. ``SessionRegistry`` calls this for
    /// sessions idle for longer than ``SessionLimits/documentIdleTimeout``.
    public func releaseDocument() {
        documents.release()
    }

    /// Counts `event`, which adds `bytes` to the budget, as accepted: the next version.
    private func accept(_ event: ClientEvent, bytes: Int) {
        version += 1
        acceptedEvents.append(event)
        budget.accept(eventBytes: bytes)
        documents.sessionChanged()
    }

    /// Replaces the half-changed state with one rebuilt from the accepted events.
    private func rebuild() throws(NavigationError) {
        routerLog?.removeAll()
        let rebuilt: SessionState
        do {
            rebuilt = try SessionState(flow: flow, context: context, limits: limits, routerLog: routerLog)
        } catch {
            isBroken = true
            throw error
        }
        do throws(SessionState.ReplayFailure) {
            try rebuilt.replay(acceptedEvents, after: 1)
        } catch {
            isBroken = true
            throw NavigationError(
                .flowFailure,
                "the flow is not deterministic: replaying accepted event \(error.offset + 1) failed (\(error.cause.detail))")
        }
        state = rebuilt
        // The rebuilt screens have the old ones' ids (and maybe their addresses).
        documents.release()
    }

    private static let lost = NavigationError(.flowFailure, "the session was lost after its flow failed to replay")

    var liveState: SessionState { state }
}
