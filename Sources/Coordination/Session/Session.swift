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
    /// The flow it runs (its state holds it: a session is 112 bytes, not 128).
    public var flow: Flow { state.flow }
    /// The validated context, defaults filled in.
    public let context: JSONObject
    public let limits: SessionLimits
    /// Starts at 1 (the session's creation) and grows by one per accepted event.
    public private(set) var version = 1
    /// Every event accepted so far, in order: what the session is rebuilt from.
    public private(set) var journal: [ClientEvent] = []
    /// Where every router call is recorded, when the session was made with one.
    public let routerLog: RouterCallLog?
    private var state: SessionState
    /// The last document rendered, current or not: the next render copies
    /// the screens, params and coordinator tree that did not change.
    private var lastRender: RenderedDocument?
    /// The context's and the journal's part of ``byteCount``: the first is
    /// fixed, the second a running sum.
    private let contextBytes: Int
    private var journalBytes = 0
    /// True when an undo failed because the flow did not replay the same way
    /// (it is not deterministic). Such a session refuses everything and its
    /// registry drops it.
    public private(set) var isBroken = false
    /// Whether `lastRender` is this version's document. (The two flags are
    /// declared together so that they share one word of an idle session.)
    private var documentIsCurrent = false

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
        let contextBytes = validated.encodedByteCount
        guard contextBytes <= limits.maxSessionBytes else {
            throw SessionBudget.contextRefusal(limit: limits.maxSessionBytes, contextBytes: contextBytes)
        }
        let state = try SessionState(flow: flow, context: validated, limits: limits, routerLog: routerLog)
        let startBytes = contextBytes + state.stackParamsByteCount
        guard startBytes <= limits.maxSessionBytes else {
            throw SessionBudget.startRefusal(limit: limits.maxSessionBytes, startBytes: startBytes)
        }
        self.context = validated
        self.contextBytes = contextBytes
        self.state = state
    }

    /// Rebuilds a recorded session: builds the root, runs `start()`, then
    /// replays `journal` through the flow's code, as a restart or another
    /// instance does.
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
        restoring id: String, flow: Flow, context: JSONObject, journal: [ClientEvent], limits: SessionLimits = .default
    ) throws(NavigationError) {
        self.id = id
        self.limits = limits
        self.routerLog = nil
        self.context = context
        self.contextBytes = context.encodedByteCount
        let state: SessionState
        do {
            state = try SessionState(flow: flow, context: context, limits: limits, routerLog: nil)
        } catch {
            throw NavigationError(.flowFailure, "replaying the session's start failed (\(error.detail))")
        }
        for (offset, event) in journal.enumerated() {
            let eventVersion = offset + 2
            do {
                let dispatch = try state.validate(event, version: eventVersion - 1)
                try state.apply(dispatch, payload: event.payload, version: eventVersion)
            } catch {
                throw NavigationError(
                    .flowFailure,
                    "replaying accepted event \(offset + 1) ('\(event.event)' on \(event.screen)) failed (\(error.detail))")
            }
        }
        self.state = state
        self.journal = journal
        self.version = journal.count + 1
        self.journalBytes = journal.reduce(0) { $0 + SessionBudget.journalBytes(of: $1) }
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
    public var byteCount: Int { contextBytes + journalBytes + state.stackParamsByteCount }

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
        guard !isBroken else {
            throw NavigationError(.flowFailure, "the session was lost after its flow failed to replay")
        }
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
        guard journal.count < limits.maxEventsPerSession else {
            throw NavigationError(
                .eventLimitReached,
                "the session accepted its limit of \(limits.maxEventsPerSession) events; start a new session",
                currentVersion: version)
        }
        let dispatch = try state.validate(event, version: version)
        let eventBytes = SessionBudget.journalBytes(of: event)
        let heldBytes = byteCount
        let limit = limits.maxSessionBytes
        // The journal and the context only grow, so this part of the new
        // size is known before anything runs: most refusals need no undo.
        guard contextBytes + journalBytes + eventBytes <= limit else {
            throw SessionBudget.eventRefusal(limit: limit, heldBytes: heldBytes, version: version)
        }
        let before = state.changeMarker
        do throws(NavigationError) {
            try state.apply(dispatch, payload: event.payload, version: version + 1)
            // The params it left are known only now; past the limit, the
            // catch below undoes the event like any other failure.
            guard contextBytes + journalBytes + eventBytes + state.stackParamsByteCount <= limit else {
                throw SessionBudget.eventRefusal(limit: limit, heldBytes: heldBytes, version: version)
            }
        } catch {
            if error.kind != .eventRejected || state.changeMarker != before {
                try rebuild()
            }
            throw error
        }
        version += 1
        journal.append(event)
        journalBytes += eventBytes
        documentIsCurrent = false
    }

    /// Takes back the last accepted event: the session is rebuilt from the
    /// events before it, exactly as it was before that event. For a caller
    /// that could not record the event (its store was unavailable) and must
    /// not answer as if it had been accepted.
    public func undoLastEvent() throws(NavigationError) {
        guard let last = journal.popLast() else { return }
        version -= 1
        journalBytes -= SessionBudget.journalBytes(of: last)
        try rebuild()
    }

    /// Applies events that were accepted and journaled elsewhere (another
    /// server instance) to this live session, as ``init(restoring:flow:context:journal:limits:)``
    /// replays them: the event count and the byte budget are not applied
    /// again. Only the events a cached session has not seen are replayed.
    ///
    /// An event that fails throws ``NavigationError/Kind/flowFailure``; the
    /// session is then ``isBroken`` (its state may be half-changed) and the
    /// caller rebuilds it from the whole journal instead.
    public func applyRecorded(_ events: [ClientEvent]) throws(NavigationError) {
        for event in events {
            guard !isBroken else { throw NavigationError(.flowFailure, "the session was lost after its flow failed to replay") }
            do {
                let dispatch = try state.validate(event, version: version)
                try state.apply(dispatch, payload: event.payload, version: version + 1)
            } catch {
                isBroken = true
                throw NavigationError(
                    .flowFailure, "replaying recorded event '\(event.event)' on \(event.screen) failed (\(error.detail))")
            }
            version += 1
            journal.append(event)
            journalBytes += SessionBudget.journalBytes(of: event)
            documentIsCurrent = false
        }
    }

    /// Ends the session: the root coordinator finishes, and with it every
    /// descendant.
    public func end() {
        state.end()
        documentIsCurrent = false
    }

    /// The session document (openapi.yaml, `Session`), as compact JSON,
    /// kept until the next change or ``releaseDocument()``.
    public func document() -> [UInt8] {
        if documentIsCurrent, let lastRender { return lastRender.bytes }
        // Kept in an exactly sized copy: the writer's buffer has room to spare.
        let rendered = SessionDocument.render(self, reusing: lastRender)
        lastRender = rendered
        documentIsCurrent = true
        return rendered.bytes
    }

    /// Whether the session holds a rendered document (current or not).
    public var holdsDocument: Bool { lastRender != nil }

    /// Frees the rendered document (about 1 KB for a small flow, most of an
    /// idle session's memory). The next ``document()`` renders it whole
    /// again: the same bytes, at the cost of writing every part instead of
    /// only what changed. ``SessionRegistry`` calls this for sessions idle
    /// for longer than ``SessionLimits/documentIdleTimeout``.
    public func releaseDocument() {
        lastRender = nil
        documentIsCurrent = false
    }

    /// Replaces the half-changed state with one rebuilt from the journal.
    private func rebuild() throws(NavigationError) {
        let rebuilt: SessionState
        do {
            routerLog?.removeAll()
            rebuilt = try SessionState(flow: flow, context: context, limits: limits, routerLog: routerLog)
        } catch {
            isBroken = true
            throw error
        }
        for (offset, event) in journal.enumerated() {
            let eventVersion = offset + 2
            do {
                let dispatch = try rebuilt.validate(event, version: eventVersion - 1)
                try rebuilt.apply(dispatch, payload: event.payload, version: eventVersion)
            } catch {
                isBroken = true
                throw NavigationError(
                    .flowFailure,
                    "the flow is not deterministic: replaying accepted event \(offset + 1) failed (\(error.detail))")
            }
        }
        state = rebuilt
        // The rebuilt screens have the old ones' ids (and maybe their addresses).
        releaseDocument()
    }

    var liveState: SessionState { state }
}
