import Coordination

/// Keeps the cached trees in step with the store: finds a session for a
/// request, rebuilt by replay when it is not cached, brought up to date when
/// the store holds records its tree has not seen (another instance, or a
/// stale copy, appended them), and refused when it ended, expired, or can no
/// longer be replayed by this server's flows.
struct StoreSync: Sendable {
    let flows: FlowCatalog
    let pinned: PinnedFlows
    let limits: SessionLimits
    let cache: SessionCache
    let journal: JournalWriter
    let slots: SessionSlots
    let counters: RegistryCounters
    let notify: @Sendable (RegistryNotice) -> Void
    let effects: EffectRunner
    let feed: SessionFeed

    /// Runs `body` under the session's lock on a session that is as new as
    /// the store. Throws ``NavigationError/Kind/sessionNotFound`` for an
    /// unknown, ended or expired id, and for a session `caller` may not use
    /// (it does not exist for them); ``NavigationError/Kind/flowChanged``
    /// for a journal this server's flows cannot replay;
    /// ``NavigationError/Kind/flowVersionUnavailable`` for one on a version
    /// only other instances on the shared store host.
    ///
    /// - Parameters:
    ///   - givenID: the session's id; nil when the caller names it by `key` alone.
    ///   - key: `givenID`'s key, when the caller parsed it already (it must
    ///     be `SessionKey(hex: givenID)`); nil to parse it here.
    ///   - trustingCache: on a shared store, run `body` on a cached session
    ///     without asking the store for its version first: for a change
    ///     whose conditional append is the check (a copy that fell behind
    ///     loses the append's race). A refusal there, but for the store's
    ///     being unavailable, a flow's failure or a lost session, may come
    ///     from such a copy: `body` runs again on a fresh session. Ignored
    ///     while some flow has retired versions (taking a session over
    ///     appends before `body` runs).
    func withFreshSession<Result>(
        _ givenID: String?, key: SessionKey? = nil, as caller: Caller, trustingCache: Bool = false,
        _ body: (Session) throws(NavigationError) -> Result
    ) throws(NavigationError) -> Result {
        // Parsed once: a malformed id never reaches a lock, and the cache
        // looks sessions up by key.
        guard let key = key ?? givenID.flatMap(SessionKey.init(hex:)) else { throw SessionRegistry.notFound(givenID ?? "") }
        let now = journal.nowMillis()
        let cached = cache.box(for: key)
        // A caller that named the session by key alone gets the id of the
        // cached session, else its key spelled (a key is its id's 32 hex digits).
        let id = givenID ?? cached?.id ?? key.hex
        // The only writer's cached session is as new as the store: an ended
        // one left the cache (``SessionSlots/release(_:reason:)``), and it
        // was last active when last used. The store is asked only when the
        // session is not cached or may have expired. On a shared store, a
        // change (`trustingCache`) tries the cached session first.
        if let cached, !limits.isExpired(lastActivity: cached.lastAccess.load(ordering: .relaxed), now: now) {
            if !journal.store.isShared {
                return try withCachedSession(cached, id: id, lastVersion: nil, as: caller, now: now, body)
            }
            if trustingCache, !flows.hasRetiredVersions {
                do throws(NavigationError) {
                    return try withCachedSession(cached, id: id, lastVersion: nil, as: caller, now: now, body)
                } catch  where error.kind != .storeUnavailable && error.kind != .flowFailure && !error.sessionWasLost {
                    // The copy may have fallen behind and refused what the
                    // store's session takes: asked again on a fresh one, below.
                }
            }
        }
        guard let summary = try journal.summary(of: id, key: key), !summary.ended else {
            if cached != nil { cache.remove(key) }
            throw SessionRegistry.notFound(id)
        }
        let lastActivity = max(summary.lastActivity, cached?.lastAccess.load(ordering: .relaxed) ?? 0)
        // A store that expires sessions itself has done so already.
        if !journal.store.expiresIdleSessions, limits.isExpired(lastActivity: lastActivity, now: now) {
            try? slots.close(id, lastVersion: summary.lastVersion, reason: .expired)
            throw SessionRegistry.notFound(id)
        }
        let box: SessionBox
        if let cached {
            box = cached
        } else {
            let (content, owner) = try restoredContent(of: id)
            box = cache.insert(SessionBox(content, id: id, owner: owner, now: now), for: key)
        }
        return try withCachedSession(box, id: id, lastVersion: summary.lastVersion, as: caller, now: now, body)
    }

    /// `body` of `box`'s session, brought up to `lastVersion` (the store's,
    /// when it was asked) first.
    private func withCachedSession<Result>(
        _ box: SessionBox, id: String, lastVersion: Int?, as caller: Caller, now: Int64,
        _ body: (Session) throws(NavigationError) -> Result
    ) throws(NavigationError) -> Result {
        // Before anything else reads or touches it: for another owner, the
        // session does not exist (its idle time does not even restart).
        guard caller.mayUse(sessionOwnedBy: box.owner) else { throw SessionRegistry.notFound(id) }
        box.lastAccess.store(now, ordering: .relaxed)
        do throws(NavigationError) {
            return try box.content.withLock { (content) throws(NavigationError) -> Result in
                if let lastVersion, case .live(let session) = content, session.version < lastVersion {
                    content = try caughtUp(session)
                }
                // A session of a retired version is taken over before it is used.
                if flows.hasRetiredVersions, case .live(let session) = content {
                    content = try migratedIfRetired(session, owner: box.owner)
                }
                switch content {
                case .gone: throw SessionRegistry.notFound(id)
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

    /// The cached session with the records it has not seen applied: only
    /// those are read and replayed. Rebuilt from the whole journal when they
    /// do not apply.
    func caughtUp(_ session: Session) throws(NavigationError) -> SessionBox.Content {
        let records = try journal.records(of: session.id, after: session.version)
        var changes: [RecordedChange] = []
        var lastDigest: DocumentDigest?
        for record in records {
            let decoded = try? JournalEntry.decoding(record)
            let entry = decoded?.entry
            if let change = entry?.recordedChange(at: record.time, patches: decoded?.patches ?? []) {
                changes.append(change)
                lastDigest = decoded?.digest
            } else if case .ended = entry {
                throw SessionRegistry.notFound(session.id)
            } else {
                return try restoredContent(of: session.id).content
            }
        }
        do {
            try session.applyRecorded(changes)
            // Another writer's changes must show what they showed there:
            // else the whole journal is replayed, and the refusal names
            // the first version that differs.
            guard SessionReplay(flows: flows, limits: limits, pinned: pinned).showsRecordedDocument(session, digest: lastDigest) else {
                return try restoredContent(of: session.id).content
            }
            counters.caughtUp.add(1, ordering: .relaxed)
            // Another instance asked for an effect: taken over if it dies.
            if !session.pendingEffects.isEmpty { effects.scheduleResume(of: session.id) }
            return .live(session)
        } catch {
            return try restoredContent(of: session.id).content
        }
    }

    /// The session rebuilt from its journal, or `.flowChanged` when this
    /// server's flows cannot replay it (reported once through `notify`),
    /// and its owner.
    func restoredContent(of id: String) throws(NavigationError) -> (content: SessionBox.Content, owner: SessionOwner?) {
        let records = try journal.records(of: id, after: 0)
        let recording: SessionRecording
        do {
            recording = try SessionRecording(records)
        } catch {
            return (flowChanged(id, flow: "?", recorded: nil, detail: error.description), nil)
        }
        return (try restoredContent(of: id, from: recording), recording.start.owner)
    }

    private func restoredContent(of id: String, from recording: SessionRecording) throws(NavigationError) -> SessionBox.Content {
        guard recording.endReason == nil else { throw SessionRegistry.notFound(id) }
        // Another live instance serves the session: this one writes nothing
        // and caches nothing, and the client retries. A session pinned to
        // a flow file's content replays here from the store's copy.
        if recording.start.flowSHA256 == nil, let fleet = flows.fleet,
            flows.position(of: recording.flow, version: recording.flowVersion) == nil,
            fleet.isHostedElsewhere(recording.flow, version: recording.flowVersion)
        {
            throw FlowCatalog.versionUnavailable(
                recording.flow, version: recording.flowVersion, hosted: flows.hostedVersions(of: recording.flow))
        }
        let replayed: Result<Session, ReplayRefusal>
        do {
            replayed = try SessionReplay(flows: flows, limits: limits, pinned: pinned).replay(recording, id: id)
        } catch {
            throw journal.failure(error, id: id)
        }
        switch replayed {
        case .success(let session):
            // An effect without an outcome: performed again, or taken over.
            if !session.pendingEffects.isEmpty { effects.scheduleResume(of: id) }
            return .live(session)
        case .failure(let refusal):
            if refusal.divergedAtVersion != nil { counters.diverged.add(1, ordering: .relaxed) }
            return flowChanged(id, refusal)
        }
    }

    func flowChanged(
        _ id: String, flow: String, recorded: Int?, current: Int? = nil, detail: String
    ) -> SessionBox.Content {
        flowChanged(id, ReplayRefusal(flow: flow, recordedVersion: recorded, currentVersion: current, detail: detail))
    }

    /// The session cannot be served: `.flowChanged`, counted and reported
    /// once through `notify` (the content stays cached until it expires).
    private func flowChanged(_ id: String, _ refusal: ReplayRefusal) -> SessionBox.Content {
        counters.flowChanged.add(1, ordering: .relaxed)
        notify(.flowChanged(sessionID: id, flow: refusal.flow, detail: refusal.detail))
        var error = NavigationError(.flowChanged, refusal.detail + "; start a new session")
        error.recordedFlowVersion = refusal.recordedVersion
        error.currentFlowVersion = refusal.currentVersion
        error.divergedAtVersion = refusal.divergedAtVersion
        return .flowChanged(error)
    }

    /// A session whose flow failed to replay its own events while undoing a
    /// failed one: journaled as lost and removed.
    private func loseBrokenSession(_ id: String) {
        guard let summary = try? journal.summary(of: id), !summary.ended else { return }
        do throws(NavigationError) {
            try slots.close(id, lastVersion: summary.lastVersion, reason: .lost)
        } catch {
            cache.remove(id)
        }
    }
}
