import Coordination

/// The use cases that change a session: each is one event, applied
/// atomically, journaled, then answered and announced.
extension SessionRegistry {
    /// A screen reports `event` (see ``Session/send(_:expectedVersion:)``).
    /// Returns the session once the event is in the store.
    ///
    /// - Parameter expectedVersion: the client's `If-Match`; when the
    ///   session is at another version nothing changes and the refusal is
    ///   ``NavigationError/Kind/versionMismatch``.
    public func send(
        _ event: ClientEvent, to id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError) -> SessionSnapshot {
        try apply(event, to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// ``send(_:to:expectedVersion:by:)`` for a caller that parsed the id
    /// into its key and has no text of it.
    package func send(
        _ event: ClientEvent, to key: SessionKey, expectedVersion: Int?, by caller: Caller
    ) throws(NavigationError) -> SessionSnapshot {
        try apply(event, to: nil, key: key, expectedVersion: expectedVersion, by: caller)
    }

    /// Opens a deep link (see ``Session/open(link:expectedVersion:)``): the
    /// coordinators follow it or hold it as the pending link.
    public func open(
        link: String, in id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError) -> SessionSnapshot {
        try apply(ClientEvent(link: link), to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// The user popped `screen` (a back button, a swipe): the reserved
    /// `back` event.
    public func back(
        from screen: String, in id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError)
        -> SessionSnapshot
    {
        try apply(ClientEvent(screen: screen, event: ReservedEvent.back.rawValue), to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// The user dismissed the modal that shows `screen` (a swipe down): the
    /// reserved `dismiss` event.
    public func dismiss(
        from screen: String, in id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError)
        -> SessionSnapshot
    {
        try apply(ClientEvent(screen: screen, event: ReservedEvent.dismiss.rawValue), to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// The user selected tab `tab` of the tab bar under `screen`: the
    /// reserved `selectTab` event.
    public func selectTab(
        _ tab: String, from screen: String, in id: String, expectedVersion: Int? = nil, by caller: Caller = .unrestricted
    )
        throws(NavigationError) -> SessionSnapshot
    {
        let event = ClientEvent(screen: screen, event: ReservedEvent.selectTab.rawValue, payload: ["tab": .string(tab)])
        return try apply(event, to: id, expectedVersion: expectedVersion, by: caller)
    }

    /// How often a change tries again after losing a race for a version
    /// (another instance, or a stale copy, appended it) before it answers 412.
    static let maximumAppendAttempts = 16

    /// Applies `event` to the session and journals it; if the store refuses,
    /// the event is taken back. When another writer got there first, the
    /// session is caught up with the store and the event applied again on
    /// the new state, where an `If-Match` that no longer holds is a 412.
    /// Counts the outcome in ``eventCounts`` once the session is found, and
    /// starts the effects the event asked for once it is journaled.
    private func apply(
        _ event: ClientEvent, to id: String?, key: SessionKey? = nil, expectedVersion: Int?, by caller: Caller
    ) throws(NavigationError)
        -> SessionSnapshot
    {
        // The closures below reach the event through its address: captured
        // as a value, it was copied into each closure and destroyed after,
        // a retain and a release of each of its fields (~430 instructions).
        try withUnsafePointer(to: event) { (event) throws(NavigationError) -> SessionSnapshot in
            try apply(event, to: id, key: key, expectedVersion: expectedVersion, by: caller)
        }
    }

    private func apply(
        _ event: UnsafePointer<ClientEvent>, to id: String?, key: SessionKey?, expectedVersion: Int?, by caller: Caller
    ) throws(NavigationError)
        -> SessionSnapshot
    {
        var flow: String?
        var sessionID = ""
        var attempts = 0
        // Parsed here, once: the journal is spared parsing the id again.
        guard let key = key ?? id.flatMap(SessionKey.init(hex:)) else { throw Self.notFound(id ?? "") }
        do {
            while true {
                attempts += 1
                let retries = attempts < Self.maximumAppendAttempts
                // On a shared store the first attempt takes a cached session
                // as it is: the append's condition checks its version.
                let accepted = try withSession(id, key: key, as: caller, trustingCache: attempts == 1) {
                    session throws(NavigationError) -> Accepted? in
                    flow = session.flow.name
                    sessionID = session.id
                    return try journaled(session, key: key, retries: retries) { time throws(NavigationError) in
                        do throws(NavigationError) {
                            return .accepted(try session.send(event.pointee, expectedVersion: expectedVersion, at: time))
                        } catch {
                            var refusal = error
                            refusal.sessionWasLost = session.isBroken
                            throw refusal
                        }
                    }
                }
                if let accepted {
                    if let flow { eventCounts.record(flow: flow, .accepted) }
                    effects.start(accepted.effects, of: sessionID)
                    return accepted.snapshot
                }
            }
        } catch {
            if let flow { eventCounts.record(flow: flow, .refused(error.kind)) }
            throw error
        }
    }

    /// Records what effect `key` came back with as a change of its session:
    /// delivered to the coordinator that asked for it (or dropped if it
    /// finished), journaled, announced; the effects its handler asks for
    /// are started. An outcome another instance recorded first is not
    /// recorded again.
    func record(_ outcome: EffectOutcome, of key: EffectKey) -> EffectRunner.Delivery {
        enum Attempt {
            case recordedBefore, lostTheRace
            case accepted(Accepted)
        }
        var attempts = 0
        while true {
            attempts += 1
            let retries = attempts < Self.maximumAppendAttempts
            do {
                let attempt = try withSession(key.sessionID) { session throws(NavigationError) -> Attempt in
                    guard !session.hasOutcome(for: key.effectID) else { return .recordedBefore }
                    let accepted = try journaled(session, retries: retries) { time throws(NavigationError) in
                        let recorded = try session.deliver(outcome, to: key.effectID, at: time).recorded
                        return .outcome(effect: key.effectID, recorded)
                    }
                    return accepted.map(Attempt.accepted) ?? .lostTheRace
                }
                switch attempt {
                case .lostTheRace: continue
                case .recordedBefore: return .recorded
                case .accepted(let accepted):
                    effects.start(accepted.effects, of: key.sessionID)
                    return .recorded
                }
            } catch {
                switch error.kind {
                case .storeUnavailable, .versionMismatch: return .retry
                default: return .sessionGone
                }
            }
        }
    }

    /// Performs again (or takes over) the pending effects of session `id`
    /// that no instance seems to be performing: see ``EffectRunner/resume(_:of:requestedAt:now:)``.
    func resumePendingEffects(of id: String) {
        let now = journal.nowMillis()
        try? withSession(id) { session in
            let pending = session.pendingEffects
            guard !pending.isEmpty else { return }
            effects.resume(pending, of: id, requestedAt: { session.time(ofVersion: $0.version) }, now: now)
        }
    }

    /// A change accepted and journaled: the session at its new version, and
    /// the effects the change asked for.
    struct Accepted {
        let snapshot: SessionSnapshot
        let effects: [EffectRequest]
    }

    /// One attempt, under the session's lock: `change` applied at the time
    /// it is journaled with, its document rendered, then appended (with the
    /// document's digest) on the condition that the store holds the version
    /// it was applied to, then announced. Nil when another
    /// writer won that version and `retries`: the change was taken back, and
    /// the caller tries again on the state the store holds.
    /// `key`: the session's id parsed, when the caller has it.
    private func journaled(
        _ session: Session, key: SessionKey? = nil, retries: Bool, _ change: (Int64) throws(NavigationError) -> JournalEntry
    ) throws(NavigationError) -> Accepted? {
        let before = session.version
        let time = journal.nowMillis()
        let entry = try change(time)
        let document = catalog.document(of: session)
        do throws(NavigationError) {
            try journal.append(
                entry, of: session.id, key: key, version: before + 1, time: time, patches: session.lastChangeMarkers,
                digest: DocumentDigest(ofDocumentRenderedBy: session))
        } catch {
            do throws(NavigationError) {
                try session.undoLastChange()
            } catch {
                cache.remove(session.id)
            }
            if error.kind == .versionMismatch, retries { return nil }
            throw error
        }
        let started = session.pendingEffects.filter { $0.version == session.version }
        let snapshot = SessionSnapshot(id: session.id, version: session.version, document: document, startedEffects: started.map(\.id))
        feed.announce(snapshot)
        return Accepted(snapshot: snapshot, effects: started)
    }
}
