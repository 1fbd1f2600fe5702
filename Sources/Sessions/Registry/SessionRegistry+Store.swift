import Coordination

/// How the registry reads sessions back from its store and writes their
/// journals.
extension SessionRegistry {
    /// Runs `body` under the session's lock on a session that is as new as
    /// the store: loaded by replay when not cached, reloaded when the store
    /// holds records the cached tree has not seen (another instance, or a
    /// stale copy, appended them).
    func withFreshSession<Result>(
        _ id: String, _ body: (Session) throws(NavigationError) -> Result
    ) throws(NavigationError) -> Result {
        guard SessionID.isWellFormed(id) else { throw Self.notFound(id) }
        let now = nowMillis()
        let cached = cache.box(for: id)
        let stored: SessionSummary?
        do {
            stored = try store.summary(of: id)
        } catch {
            throw storeFailure(error, id: id)
        }
        guard let summary = stored, !summary.ended else {
            if cached != nil { dropCached(id) }
            throw Self.notFound(id)
        }
        let lastActivity = max(summary.lastActivity, cached?.lastAccess.load(ordering: .relaxed) ?? 0)
        // A store that expires sessions itself has done so already.
        if !store.expiresIdleSessions, isExpired(lastActivity: lastActivity, now: now) {
            _ = expire(id, lastVersion: summary.lastVersion)
            throw Self.notFound(id)
        }
        let box: SessionBox
        if let cached {
            box = cached
        } else {
            box = cache.insert(SessionBox(try restoredContent(of: id), now: now), for: id)
        }
        box.lastAccess.store(now, ordering: .relaxed)
        do throws(NavigationError) {
            return try box.content.withLock { (content) throws(NavigationError) -> Result in
                if case .live(let session) = content, session.version < summary.lastVersion {
                    content = try caughtUp(session)
                }
                switch content {
                case .gone: throw Self.notFound(id)
                case .flowChanged(let error): throw error
                case .live(let session):
                    do throws(NavigationError) {
                        return try body(session)
                    } catch {
                        if session.isBroken { content = .gone }
                        throw error
                    }
                }
            }
        } catch {
            if error.kind == .flowFailure, case .gone = box.content.withLock({ $0 }) { loseBrokenSession(id) }
            throw error
        }
    }

    /// The cached session with the records it has not seen applied (another
    /// instance appended them): only those are read and replayed. Rebuilt
    /// from the whole journal when they do not apply.
    func caughtUp(_ session: Session) throws(NavigationError) -> SessionBox.Content {
        let records: [JournalRecord]
        do {
            records = try store.records(of: session.id, after: session.version)
            markStore(available: true)
        } catch {
            throw storeFailure(error, id: session.id)
        }
        var events: [ClientEvent] = []
        for record in records {
            let entry = try? JournalEntry(record)
            if let event = entry?.acceptedEvent {
                events.append(event)
            } else if case .ended = entry {
                throw Self.notFound(session.id)
            } else {
                return try restoredContent(of: session.id)
            }
        }
        do {
            try session.applyRecorded(events)
            counters.caughtUp.add(1, ordering: .relaxed)
            return .live(session)
        } catch {
            return try restoredContent(of: session.id)
        }
    }

    /// The session rebuilt from its journal, or `.flowChanged` when this
    /// server's flows cannot replay it (reported once through `notify`).
    func restoredContent(of id: String) throws(NavigationError) -> SessionBox.Content {
        let records: [JournalRecord]
        do {
            records = try store.records(of: id, after: 0)
            markStore(available: true)
        } catch {
            throw storeFailure(error, id: id)
        }
        let recording: SessionRecording
        do {
            recording = try SessionRecording(records)
        } catch {
            return flowChanged(id, flow: "?", recorded: nil, detail: error.description)
        }
        guard recording.endReason == nil else { throw Self.notFound(id) }
        guard let flow = flow(named: recording.flow) else {
            return flowChanged(
                id, flow: recording.flow, recorded: recording.flowVersion,
                detail: "this server no longer hosts flow '\(recording.flow)'")
        }
        guard flow.version == recording.flowVersion else {
            return flowChanged(
                id, flow: flow.name, recorded: recording.flowVersion, current: flow.version,
                detail: "the session was recorded by version \(recording.flowVersion) of flow '\(flow.name)', "
                    + "and this server runs version \(flow.version)")
        }
        do {
            return .live(
                try Session(
                    restoring: id, flow: flow, context: recording.context, acceptedEvents: recording.events, limits: limits))
        } catch {
            return flowChanged(
                id, flow: flow.name, recorded: recording.flowVersion, current: flow.version,
                detail: "version \(flow.version) of flow '\(flow.name)' no longer replays the session: \(error.detail)")
        }
    }

    /// Appends `entry` as version `version` of the session, on the condition
    /// that the store holds `version - 1`.
    func record(_ entry: JournalEntry, of id: String, version: Int) throws(NavigationError) {
        let record = entry.record(sessionID: id, version: version, time: nowMillis())
        do {
            try store.append(record, expectedVersion: version - 1)
            markStore(available: true)
        } catch {
            throw storeFailure(error, id: id)
        }
    }

    /// Journals the expiry of an idle session and frees it. False when the
    /// session changed meanwhile (it is not idle) or the store refused: the
    /// next sweep tries again.
    func expire(_ id: String, lastVersion: Int) -> Bool {
        do throws(NavigationError) {
            try record(.ended(reason: .expired), of: id, version: lastVersion + 1)
        } catch {
            return false
        }
        close(id)
        counters.evicted.add(1, ordering: .relaxed)
        return true
    }

    /// Removes every session idle for longer than ``SessionLimits/idleTimeout``,
    /// journaling each expiry, and forgets ended sessions left from before a
    /// restart so that compaction reclaims them. Returns how many expired.
    @discardableResult
    public func evictExpired() -> Int {
        guard !store.expiresIdleSessions else {
            recountLiveSessions()
            return 0
        }
        let now = nowMillis()
        var evicted = 0
        // A superset of the expired (`isExpired` decides below), without a
        // summary of every session.
        let idleBefore = now - Int64(limits.idleTimeout * 1000) + 1
        for summary in store.sessions(endedOrIdleBefore: idleBefore) {
            if summary.ended {
                store.drop(summary.id)
                continue
            }
            // The cache is asked only about sessions the store finds idle
            // (a request since is in the box's last access): a map of every
            // cached session's access time was ~9 MB a sweep at 100,000.
            guard isExpired(lastActivity: summary.lastActivity, now: now) else { continue }
            let lastAccess = cache.box(for: summary.id)?.lastAccess.load(ordering: .relaxed) ?? 0
            if isExpired(lastActivity: max(summary.lastActivity, lastAccess), now: now),
                expire(summary.id, lastVersion: summary.lastVersion)
            {
                evicted += 1
            }
        }
        return evicted
    }

    /// Frees a session whose journal is closed: out of the cache (a request
    /// holding its box sees it gone), forgotten by the store, one slot free.
    func close(_ id: String) {
        if let box = cache.remove(id) {
            box.content.withLock { content in
                if case .live(let session) = content, !session.isFinished { session.end() }
                content = .gone
            }
        }
        store.drop(id)
        liveCount.subtract(1, ordering: .relaxed)
        feed.announceEnded(id)
    }

    /// Forgets the cached tree only; the journal stays, and the next request
    /// rebuilds the session from it.
    func dropCached(_ id: String) {
        cache.remove(id)
    }

    func isExpired(lastActivity: Int64, now: Int64) -> Bool {
        Double(now - lastActivity) / 1000 > limits.idleTimeout
    }

    /// A session whose flow failed to replay its own events while undoing a
    /// failed one: journaled as lost and removed.
    private func loseBrokenSession(_ id: String) {
        guard let summary = try? store.summary(of: id), !summary.ended else { return }
        do throws(NavigationError) {
            try record(.ended(reason: .lost), of: id, version: summary.lastVersion + 1)
        } catch {
            dropCached(id)
            return
        }
        close(id)
        counters.ended.add(1, ordering: .relaxed)
    }

    private func flowChanged(
        _ id: String, flow: String, recorded: Int?, current: Int? = nil, detail: String
    ) -> SessionBox.Content {
        counters.flowChanged.add(1, ordering: .relaxed)
        notify(.flowChanged(sessionID: id, flow: flow, detail: detail))
        var error = NavigationError(.flowChanged, detail + "; start a new session")
        error.recordedFlowVersion = recorded
        error.currentFlowVersion = current
        return .flowChanged(error)
    }

    func storeFailure(_ error: StoreError, id: String) -> NavigationError {
        switch error {
        case .conflict(let currentVersion):
            return NavigationError(
                .versionMismatch, "the session changed elsewhere; it is at version \(currentVersion)",
                currentVersion: currentVersion)
        case .notFound:
            return Self.notFound(id)
        default:
            markStore(available: false, reason: error.description)
            return NavigationError(
                .storeUnavailable,
                "the session store cannot be used now (\(error.description)); nothing changed, try again shortly")
        }
    }

    func markStore(available: Bool, reason: String = "") {
        let was = storeHealthy.exchange(available, ordering: .relaxed)
        guard was != available else { return }
        notify(available ? .storeRecovered : .storeUnavailable(reason: reason))
    }
}
