import Coordination

/// Starting and ending sessions.
extension SessionRegistry {
    /// Starts a session of `flowName`: builds its root coordinator, calls
    /// `start()`, renders its document, and journals it (with the
    /// document's digest) before returning. With `link`, the new
    /// session opens it as part of its start (version 1, one journal
    /// record); a link it refuses refuses the whole creation. The session belongs to `caller`
    /// when it is an owner (``Caller/owner(_:)``).
    public func create(
        flow flowName: String, context: JSONValue?, link: String? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError) -> SessionSnapshot {
        try create(flow: flowName, version: nil, context: context, link: link, by: caller)
    }

    /// ``create(flow:context:link:by:)`` on version `version` of the flow
    /// when it is given (a hosted one, else ``NavigationError/Kind/flowNotFound``
    /// listing the hosted versions); nil: where new sessions start (the
    /// current version, or a ramped one for the share its ramp takes).
    /// The session is pinned to that version for its whole life.
    public func create(
        flow flowName: String, version: Int?, context: JSONValue?, link: String? = nil, by caller: Caller = .unrestricted
    ) throws(NavigationError) -> SessionSnapshot {
        let key = SessionID.makeKey()
        // The key's low bits are random: they draw the ramp's share.
        let (position, flow, firstDocument) = try catalog.startingFlow(named: flowName, version: version, draw: key.low)
        // A flow file's content is in the store before a record names its digest.
        if flow.isMadeFromSource { try keepSource(of: flow) }
        try reserveSlot()
        let id = key.hex
        let session: Session
        let document: SharedBytes
        let time = journal.nowMillis()
        do {
            let seed = SessionID.randomSeed()
            session = try Session(
                id: id, flow: flow, context: context, limits: limits, createdAt: time, seed: seed, link: link)
            let start = SessionStart(
                flow: flow.name, flowVersion: flow.version, context: session.context, owner: caller.createdSessionOwner,
                seed: seed, link: link, markers: session.startMarkers,
                flowSHA256: flow.isMadeFromSource ? flow.source?.sha256 : nil)
            // As ``FlowCatalog/document(of:flowAt:)`` for the flow at `position`, without reading the catalog again.
            document = session.holdsDocument ? session.renderedDocument() : firstDocument.document(of: session)
            try journal.append(
                .created(start), of: id, key: key, version: 1, time: time,
                digest: DocumentDigest(ofDocumentRenderedBy: session))
        } catch {
            slots.unreserve()
            throw error
        }
        slots.census.add(at: position)
        let started = session.pendingEffects
        let snapshot = SessionSnapshot(id: id, version: session.version, document: document, startedEffects: started.map(\.id))
        // Last used when it was created: the clock is not read again.
        _ = cache.insert(SessionBox(.live(session), id: session.id, owner: caller.createdSessionOwner, now: time), for: key)
        counters.created.add(1, ordering: .relaxed)
        effects.start(started, of: id)
        return snapshot
    }

    /// Ends a session: its root coordinator finishes, its journal is
    /// closed, it is freed, and its live streams hear `ended`.
    public func end(_ id: String, by caller: Caller = .unrestricted) throws(NavigationError) {
        try withSession(id, as: caller) { session throws(NavigationError) in
            try journal.append(.ended(reason: .ended), of: id, version: session.version + 1)
            session.end()
        }
        slots.release(id, reason: .ended)
    }

    /// ``PinnedFlows/keepSource(of:)``, its failure a client's `storeUnavailable`.
    func keepSource(of flow: Flow) throws(NavigationError) {
        do {
            try pinned.keepSource(of: flow)
        } catch {
            throw journal.failure(error, id: "")
        }
    }

    /// A slot for a new session; when every one is taken, idle sessions
    /// are expired first to make room.
    private func reserveSlot() throws(NavigationError) {
        if slots.reserve() { return }
        evictExpired()
        if slots.reserve() { return }
        throw NavigationError(
            .tooManySessions,
            "the server holds its limit of \(limits.maxSessions) sessions; try again later or end unused sessions")
    }
}
