/// One client's navigation session: a live coordinator tree, its stack, its
/// history, and its version.
///
/// Events, and the outcomes of the effects its coordinators asked for, are
/// the only ways a session changes. Each is applied atomically: validated
/// first, then carried out; if a handler fails part-way, the session is
/// rebuilt from its flow, its context and the changes it accepted before,
/// and so is exactly as it was. Ids come from counters, the time from each
/// change's record and random numbers from a journaled seed, so the rebuilt
/// session is identical.
///
/// Not thread-safe: ``SessionRegistry`` gives each session its own lock.
public final class Session {
    public let id: String
    /// The flow it runs.
    public var flow: Flow { state.flow }
    /// The validated context, defaults filled in.
    public let context: JSONObject
    public let limits: SessionLimits
    // `@exclusivity(unchecked)` on a stored property skips Swift's run-time
    // exclusivity check (~110 instructions an access). The engine's types
    // (this one, `NavigationController`, `Screen`, `Coordinator`,
    // `CoordinatorEnvironment`, `EffectLedger`) mark so the
    // storage only their own code reaches, in short accesses that run no
    // flow code, so the check could never find an overlap; a value that may
    // hold flow objects is taken out before it is freed, so no `deinit`
    // runs inside an access. Properties flow code may set keep the check.
    /// Starts at ``firstVersion`` (the session's creation) and grows by one per accepted change.
    ///
    /// Computed, over ``currentVersion``: another module reads a public
    /// stored property in place, with the run-time check this module's
    /// `@exclusivity(unchecked)` skips (two reads a request).
    public var version: Int { currentVersion }
    @exclusivity(unchecked) private var currentVersion: Int
    /// The version its start made: 1, or for a session migrated from an
    /// older version of its flow, the version of the migration, so that the
    /// version keeps growing across it (ETags and `If-Match` stay right).
    public let firstVersion: Int
    /// Every change accepted so far, in order: what the session is rebuilt from.
    @exclusivity(unchecked) public private(set) var acceptedChanges: [RecordedChange] = []
    /// When the session was created (milliseconds since 1970) and the seed
    /// of its random numbers: with the flow, the context and the changes,
    /// all a rebuild needs.
    public let createdAt: Int64
    public let seed: UInt64
    /// The deep link the session was created with, opened in version 1.
    public let creationLink: String?
    /// The patches its start took the new branch of
    /// (``CoordinatorEnvironment/patched(_:)``): what its created record
    /// keeps, and the only ones true when its start is replayed.
    public var startPatches: [String] { startMarkers ?? [] }
    /// ``startPatches``, nil when there are none.
    package let startMarkers: [String]?
    /// The client events among ``acceptedChanges``: what
    /// ``SessionLimits/maxEventsPerSession`` counts.
    @exclusivity(unchecked) private var acceptedEventCount = 0
    /// Where every router call is recorded, when the session was made with one.
    public let routerLog: RouterCallLog?
    @exclusivity(unchecked) private var state: SessionState
    /// What the session holds against ``SessionLimits/maxSessionBytes``.
    @exclusivity(unchecked) private var budget: SessionBudget
    /// The document last rendered, reused by the next render.
    @exclusivity(unchecked) private(set) var documents = DocumentCache()
    /// True when an undo failed because the flow did not replay the same way
    /// (it is not deterministic). Such a session refuses everything and its
    /// registry drops it.
    public var isBroken: Bool { brokenByReplay }
    @exclusivity(unchecked) private var brokenByReplay = false

    /// Builds the flow's root coordinator and runs `start()`.
    ///
    /// - Parameter routerLog: for tests: every coordinator's router then
    ///   records its calls there (``RecordingRouter``). When an event is
    ///   undone the log is rebuilt with the session, so it always holds the
    ///   calls behind the current state.
    /// - Parameters:
    ///   - createdAt: milliseconds since 1970: what ``CoordinatorEnvironment/now``
    ///     reads during `start()`.
    ///   - seed: the seed of ``CoordinatorEnvironment/random``.
    ///   - link: a deep link the session opens as part of its start, in
    ///     version 1 (a link the flow refuses refuses the session).
    ///   - firstVersion: the version the start makes: 1, or for a session
    ///     migrated from an older version of its flow, the one after the
    ///     older session's (``firstVersion``).
    public init(
        id: String, flow: Flow, context: JSONValue?, limits: SessionLimits = .default,
        routerLog: RouterCallLog? = nil, createdAt: Int64 = 0, seed: UInt64 = 0, link: String? = nil,
        startingAt firstVersion: Int = 1
    ) throws(NavigationError) {
        self.id = id
        self.firstVersion = firstVersion
        self.currentVersion = firstVersion
        self.limits = limits
        self.routerLog = routerLog
        self.createdAt = createdAt
        self.seed = seed
        self.creationLink = link
        let validated = try flow.validatedContext(context)
        let budget = try SessionBudget(context: validated, limit: limits.maxSessionBytes)
        let state = try SessionState(
            flow: flow, context: validated, limits: limits, routerLog: routerLog, createdAt: createdAt, seed: seed,
            link: link, firstVersion: firstVersion)
        try budget.checkStart(paramsBytes: state.stackParamsByteCount, limit: limits.maxSessionBytes)
        self.startMarkers = state.patches(markedIn: firstVersion)
        self.context = validated
        self.budget = budget
        self.state = state
    }

    /// Rebuilds a recorded session: builds the root, runs `start()`, then
    /// replays `changes` through the flow's code, as a restart or another
    /// instance does. Nothing is performed: an effect asked for again is
    /// pending until its recorded outcome follows (if there is one).
    ///
    /// The event count and the byte budget are not applied to changes that
    /// were accepted once, so a server restarted with smaller such limits
    /// keeps its sessions. The stack depth and string-field limits are part
    /// of validating each event and still apply: a recorded event past a
    /// lowered one fails to replay. An event the flow no longer accepts, or
    /// a handler that fails, throws ``NavigationError/Kind/flowFailure``
    /// naming the change.
    ///
    /// - Parameters:
    ///   - context: the recorded context, as it was validated at creation.
    ///   - link: the link the session was created with, if any.
    ///   - startPatches: the patch markers its start recorded (``startPatches``).
    ///   - firstVersion: the version its start made (``firstVersion``); the
    ///     changes are the versions after it.
    public init(
        restoring id: String, flow: Flow, context: JSONObject, changes: [RecordedChange],
        limits: SessionLimits = .default, createdAt: Int64 = 0, seed: UInt64 = 0, link: String? = nil,
        startPatches: [String] = [], startingAt firstVersion: Int = 1
    ) throws(NavigationError) {
        self.id = id
        self.firstVersion = firstVersion
        self.limits = limits
        self.routerLog = nil
        self.context = context
        self.createdAt = createdAt
        self.seed = seed
        self.creationLink = link
        self.startMarkers = startPatches
        let state: SessionState
        do {
            state = try SessionState(
                flow: flow, context: context, limits: limits, routerLog: nil, createdAt: createdAt, seed: seed, link: link,
                patches: startPatches, firstVersion: firstVersion)
        } catch {
            throw NavigationError(.flowFailure, "replaying the session's start failed (\(error.detail))")
        }
        do throws(SessionState.ReplayFailure) {
            try state.replay(changes, after: firstVersion)
        } catch {
            throw NavigationError(
                .flowFailure,
                "replaying \(error.change.named(error.offset + 1)) failed (\(error.cause.detail))")
        }
        self.state = state
        self.acceptedChanges = changes
        self.acceptedEventCount = changes.reduce(0) { $0 + ($1.event == nil ? 0 : 1) }
        self.currentVersion = changes.count + firstVersion
        self.budget = SessionBudget(context: context, acceptedChanges: changes)
    }

    /// ``init(restoring:flow:context:changes:limits:createdAt:seed:)`` for a
    /// session whose changes are all client events, accepted at time 0.
    public convenience init(
        restoring id: String, flow: Flow, context: JSONObject, acceptedEvents: [ClientEvent],
        limits: SessionLimits = .default
    ) throws(NavigationError) {
        try self.init(
            restoring: id, flow: flow, context: context, changes: acceptedEvents.map { .event($0) }, limits: limits)
    }

    /// The client events among ``acceptedChanges``, in order.
    public var acceptedEvents: [ClientEvent] { acceptedChanges.compactMap(\.event) }

    /// The patch markers of the change accepted last (its record keeps
    /// them); empty before any change.
    public var lastChangePatches: [String] { lastChangeMarkers ?? [] }

    /// ``lastChangePatches``, nil when there are none.
    package var lastChangeMarkers: [String]? {
        acceptedChanges.isEmpty ? nil : acceptedChanges[acceptedChanges.count - 1].markers
    }

    /// The effects the coordinators asked for that have no outcome yet,
    /// oldest first: what the server performs, and what the session
    /// document lists as `effects`.
    public var pendingEffects: [EffectRequest] { state.pendingEffects }

    /// True once the root coordinator has finished; events are then refused.
    public var isFinished: Bool { state.root.isFinished }
    public var root: Coordinator { state.root }
    public var stack: NavigationStack { state.navigation.stack }
    /// The container tree under the modals: tabs, a split view, or the plain stack.
    public var layout: Layout { state.navigation.layout }
    /// Every screen the session shows, each once: the layout's (hidden tabs
    /// included) and the modals over it. What a test checks ownership on.
    public var shownEntries: [NavigationStack.Entry] { state.navigation.shownEntries }
    public var history: History { state.navigation.history }
    public var store: SharedStore { state.environment.store }

    /// The bytes held against ``SessionLimits/maxSessionBytes``: the context,
    /// the accepted events and the params of the screens on the stack, as
    /// compact JSON (see ``SessionBudget`` for exactly what counts).
    public var byteCount: Int { budget.heldBytes(paramsBytes: state.stackParamsByteCount) }

    /// Applies one client event, or throws and changes nothing; returns the
    /// event as it is to be recorded (its secret fields' values replaced by
    /// ``SecretField/placeholder``).
    ///
    /// Checks run in this order: the session is usable, the expected
    /// version, the event limit, the event and its payload
    /// (``SessionState``), then the byte budget.
    ///
    /// - Parameters:
    ///   - expectedVersion: the client's `If-Match`; when it is not the
    ///     current version the event is refused with
    ///     ``NavigationError/Kind/versionMismatch``.
    ///   - time: when it is accepted, in milliseconds since 1970 (what
    ///     ``CoordinatorEnvironment/now`` reads); recorded with it.
    @discardableResult
    public func send(
        _ event: consuming ClientEvent, expectedVersion: Int? = nil, at time: Int64 = 0
    ) throws(NavigationError)
        -> ClientEvent
    {
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
        guard acceptedEventCount < limits.maxEventsPerSession else {
            throw NavigationError(
                .eventLimitReached,
                "the session accepted its limit of \(limits.maxEventsPerSession) events; start a new session",
                currentVersion: version)
        }
        let dispatch = try state.validate(event, version: version)
        // What is kept, and so counted: secret fields as their placeholder.
        // The event is handed over, not copied, when it has none.
        let payload = event.payload
        let recorded = dispatch.recorded(consume event)
        let admission = try budget.admit(
            recorded, paramsBytes: state.stackParamsByteCount, limit: limits.maxSessionBytes, version: version)
        let before = state.changeMarker
        do throws(NavigationError) {
            try state.apply(dispatch, payload: payload, version: version + 1, time: time)
            try admission.confirm(paramsBytes: state.stackParamsByteCount)
        } catch {
            if error.kind != .eventRejected || state.changeMarker != before {
                try rebuild()
            } else {
                state.forgetMarkedPatches()
            }
            throw error
        }
        accept(
            RecordedChange(.event(recorded), time: time, markers: state.patches(markedIn: version + 1)), bytes: admission.eventBytes)
        return recorded
    }

    /// Whether an outcome reached the coordinator that asked for its effect.
    public enum Delivery: Sendable, Equatable {
        /// Its handler ran.
        case delivered
        /// Its coordinator had finished: the outcome is recorded, and nothing runs.
        case dropped
    }

    /// Delivers what effect `effectID` came back with, as one change (a new
    /// version, like an event), or throws and changes nothing: the handler
    /// that ``Coordinator/perform(_:then:)`` was given runs, then the tree
    /// settles. An effect no longer pending (its coordinator finished) is
    /// ``Delivery/dropped``: the version still grows, so that the recorded
    /// outcome replays to the same session.
    ///
    /// An outcome that would take the session past its byte budget is
    /// delivered as an ``EffectFailure/Kind/rejected`` failure instead.
    ///
    /// - Parameter time: when it is accepted, in milliseconds since 1970.
    /// - Returns: the delivery, and the outcome as it is to be recorded.
    @discardableResult
    public func deliver(
        _ outcome: EffectOutcome, to effectID: String, at time: Int64 = 0
    ) throws(NavigationError)
        -> (delivery: Delivery, recorded: EffectOutcome)
    {
        guard !isBroken else { throw Self.lost }
        var outcome = outcome
        var bytes = SessionBudget.bytes(ofOutcome: outcome, effect: effectID)
        if budget.heldBytes(paramsBytes: state.stackParamsByteCount) + bytes > limits.maxSessionBytes {
            outcome = .failure(EffectFailure(.rejected, reason: "The answer was too large to keep."))
            bytes = SessionBudget.bytes(ofOutcome: outcome, effect: effectID)
        }
        let delivered: Bool
        do throws(NavigationError) {
            delivered = try state.deliver(outcome, to: effectID, version: version + 1, time: time)
        } catch {
            try rebuild()
            throw error
        }
        accept(
            RecordedChange(.outcome(effect: effectID, outcome), time: time, markers: state.patches(markedIn: version + 1)),
            bytes: bytes)
        return (delivered ? .delivered : .dropped, outcome)
    }

    /// Takes back the last accepted change: the session is rebuilt from the
    /// changes before it, exactly as it was before that one. For a caller
    /// that could not record the change (its store was unavailable) and
    /// must not answer as if it had been accepted.
    public func undoLastChange() throws(NavigationError) {
        guard let last = acceptedChanges.popLast() else { return }
        currentVersion -= 1
        if last.event != nil { acceptedEventCount -= 1 }
        budget.remove(last)
        try rebuild()
    }

    /// Applies changes that were accepted and recorded elsewhere (another
    /// server instance) to this live session, as
    /// ``init(restoring:flow:context:changes:limits:createdAt:seed:)``
    /// replays them: the event count and the byte budget are not applied
    /// again. Only the changes a cached session has not seen are replayed.
    ///
    /// A change that fails throws ``NavigationError/Kind/flowFailure``; the
    /// session is then ``isBroken`` (its state may be half-changed) and the
    /// caller rebuilds it from all its recorded changes instead.
    public func applyRecorded(_ changes: [RecordedChange]) throws(NavigationError) {
        guard !isBroken else { throw Self.lost }
        do {
            try state.replay(changes, after: version)
        } catch {
            brokenByReplay = true
            throw NavigationError(
                .flowFailure, "replaying recorded \(error.change.summary) failed (\(error.cause.detail))")
        }
        for change in changes { accept(change, bytes: SessionBudget.bytes(of: change)) }
    }

    /// Ends the session: the root coordinator finishes, and with it every
    /// descendant.
    public func end() {
        state.end()
        documents.sessionChanged()
    }

    /// The session document (openapi.yaml, `Session`), as compact JSON: a
    /// copy of ``renderedDocument()``.
    public func document() -> [UInt8] {
        renderedDocument().array
    }

    /// The session document as the session keeps it until the next change
    /// or ``releaseDocument()``: the same bytes for every reader, not copied.
    package func renderedDocument() -> SharedBytes {
        document(knowing: nil)
    }

    /// ``renderedDocument()``, rendered with what is known when the
    /// session holds no earlier document: `typeNames`, so that a new
    /// session's first render copies the names of its coordinators' types
    /// instead of spelling each (~350 instructions a coordinator), and
    /// `expectedBytes`, a size to make room for (the document keeps the
    /// buffer it was written in).
    package func document(typeNames: CoordinatorTypeNames, expectedBytes: Int?) -> SharedBytes {
        document(knowing: typeNames, expectedBytes: expectedBytes)
    }

    private func document(knowing typeNames: CoordinatorTypeNames?, expectedBytes: Int? = nil) -> SharedBytes {
        if let current = documents.current { return current }
        let rendered = SessionDocument.render(
            self, reusing: documents.last, typeNames: typeNames, expectedBytes: expectedBytes)
        documents.keep(rendered)
        return rendered.bytes
    }

    /// A checksum of the document rendered last, read as its digest reads
    /// it (``RenderedDocument/checksum(_:)``);
    /// `checksum` reads bytes, continuing from the checksum it is given.
    /// Nil when no document is held.
    package func renderedDocumentChecksum(_ checksum: (UnsafeRawBufferPointer, UInt32) -> UInt32) -> UInt32? {
        guard let last = documents.last else { return nil }
        return last.checksum(checksum)
    }

    /// The coordinator type names the document held was written with, when
    /// they were gathered (not on a first render given none).
    package var renderedTypeNames: CoordinatorTypeNames? {
        guard let last = documents.last, !last.typeNames.isEmpty else { return nil }
        return last.typeNames
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

    /// Counts `change`, which adds `bytes` to the budget, as accepted: the next version.
    private func accept(_ change: consuming RecordedChange, bytes: Int) {
        currentVersion += 1
        if case .event = change.kind { acceptedEventCount += 1 }
        acceptedChanges.append(change)
        budget.accept(eventBytes: bytes)
        documents.sessionChanged()
    }

    /// Replaces the half-changed state with one rebuilt from the accepted events.
    private func rebuild() throws(NavigationError) {
        routerLog?.removeAll()
        let rebuilt: SessionState
        do {
            rebuilt = try SessionState(
                flow: flow, context: context, limits: limits, routerLog: routerLog, createdAt: createdAt, seed: seed,
                link: creationLink, patches: startPatches, firstVersion: firstVersion)
        } catch {
            brokenByReplay = true
            throw error
        }
        do throws(SessionState.ReplayFailure) {
            try rebuilt.replay(acceptedChanges, after: firstVersion)
        } catch {
            brokenByReplay = true
            throw NavigationError(
                .flowFailure,
                "the flow is not deterministic: replaying \(error.change.named(error.offset + 1).prefix { $0 != "(" }.dropLast()) failed (\(error.cause.detail))"
            )
        }
        state = rebuilt
        // The rebuilt screens have the old ones' ids (and maybe their addresses).
        documents.release()
    }

    private static let lost = NavigationError(.flowFailure, "the session was lost after its flow failed to replay")

    var liveState: SessionState { state }
}

extension Session {
    /// Whether the session holds a recorded outcome of effect `effectID`
    /// (delivered or dropped): another one for it is not recorded again.
    public func hasOutcome(for effectID: String) -> Bool {
        acceptedChanges.contains {
            if case .outcome(let effect, _) = $0.kind { return effect == effectID }
            return false
        }
    }

    /// When the change that produced `version` was accepted, in
    /// milliseconds since 1970 (``firstVersion`` and before: the creation).
    public func time(ofVersion version: Int) -> Int64 {
        let index = version - firstVersion - 1
        guard index >= 0, index < acceptedChanges.count else { return createdAt }
        return acceptedChanges[index].time
    }
}
