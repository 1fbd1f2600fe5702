import Coordination
import Platform
import Synchronization

/// Every session of a server: create, use, end and expire them, with their
/// journals in a ``SessionStore`` and their trees in a bounded cache.
///
/// A session is its flow, its context and its accepted events. Each change
/// is applied in memory under the session's lock, then appended to the
/// store conditionally (on the version it started from); only then is it
/// answered. If the store refuses, the change is taken back and the client
/// gets `storeUnavailable`: nothing is half-applied. A session not in the
/// cache (after a restart, or evicted) is rebuilt by replaying its journal
/// on its first request. Requests for different sessions never serialize
/// on one lock.
public final class SessionRegistry: Sendable {
    public let limits: SessionLimits
    /// Where the journals are.
    public let store: any SessionStore
    private let flowsByName: [String: Flow]
    /// The flows in the order they were registered.
    public let flows: [Flow]
    let cache: SessionCache
    /// Sessions in the store that have not ended or been expired.
    let liveCount: Atomic<Int>
    let storeHealthy = Atomic<Bool>(true)
    /// Wall-clock seconds since 1970.
    let clock: @Sendable () -> Double
    let counters = RegistryCounters()
    let notify: @Sendable (RegistryNotice) -> Void
    /// Each accepted change, announced to the session's live subscribers.
    public let feed = SessionFeed()
    /// Milliseconds: sessions last used before this had their documents
    /// released by the last ``releaseIdleDocuments()`` (before the first
    /// pass, a time before any session).
    let documentsReleasedBefore = Atomic<Int64>(.min / 2)

    /// - Parameters:
    ///   - store: the journals; a ``MemoryStore`` keeps nothing across a restart.
    ///   - clock: wall-clock seconds since 1970 (idle time counts across
    ///     restarts); tests pass their own.
    ///   - notify: receives what an operator should see (the executable logs it).
    public init(
        flows: [Flow], limits: SessionLimits = .default, store: any SessionStore = MemoryStore(),
        shardCount: Int = 64, clock: @escaping @Sendable () -> Double = SessionRegistry.wallClockSeconds,
        notify: @escaping @Sendable (RegistryNotice) -> Void = { _ in }
    ) {
        self.flows = flows
        var byName: [String: Flow] = [:]
        for flow in flows where byName[flow.name] == nil { byName[flow.name] = flow }
        self.flowsByName = byName
        self.limits = limits
        self.store = store
        self.cache = SessionCache(capacity: max(1, limits.maxCachedSessions), shardCount: shardCount)
        self.liveCount = Atomic((try? store.liveSessionCount()) ?? 0)
        self.clock = clock
        self.notify = notify
        do {
            try store.probe()
        } catch {
            storeHealthy.store(false, ordering: .relaxed)
            notify(.storeUnavailable(reason: error.description))
        }
    }

    public func flow(named name: String) -> Flow? { flowsByName[name] }

    /// Live sessions in the store now (cached or not).
    public var count: Int { liveCount.load(ordering: .relaxed) }
    /// Sessions whose trees are in memory now.
    public var cachedCount: Int { cache.count }
    /// Sessions created, ended by clients, expired, and found changed, since start.
    public var statistics: RegistryStatistics { counters.snapshot() }
    /// What `/readyz` reports. A remote store (Redis) is asked each time
    /// (``SessionStore/probe()``, one `PING`), so readiness follows it both
    /// ways without waiting for a request; a local store is unavailable
    /// after it refused a read or write, until one succeeds.
    public var isStoreAvailable: Bool {
        do {
            if try store.probe() {
                markStore(available: true)
                return true
            }
        } catch {
            markStore(available: false, reason: error.description)
            return false
        }
        return storeHealthy.load(ordering: .relaxed)
    }

    /// Sets the live count to the store's: for a store that expires
    /// sessions itself, where this instance cannot see them go (nor see
    /// other instances create them). Called by the sweep instead of expiring.
    func recountLiveSessions() {
        guard let counted = try? store.liveSessionCount() else { return }
        liveCount.store(counted, ordering: .relaxed)
    }

    /// Starts a session of `flowName`: builds its root coordinator, calls
    /// `start()`, and journals it before returning. With `link`, the new
    /// session then opens it as its first event (version 2); a link it
    /// refuses refuses the whole creation.
    public func create(flow flowName: String, context: JSONValue?, link: String? = nil) throws(NavigationError) -> SessionSnapshot {
        guard let flow = flowsByName[flowName] else {
            let known = flows.map(\.name).joined(separator: ", ")
            throw NavigationError(.flowNotFound, "no flow is named '\(flowName)'; this server hosts: \(known)")
        }
        try reserveSlot()
        let id = SessionID.make()
        let session: Session
        do {
            session = try Session(id: id, flow: flow, context: context, limits: limits)
            if let link { try session.open(link: link) }
            let created = JournalEntry.created(flow: flow.name, flowVersion: flow.version, context: session.context)
            try record(created, of: id, version: 1)
            if let link { try record(.link(link), of: id, version: 2) }
        } catch {
            liveCount.subtract(1, ordering: .relaxed)
            throw error
        }
        let snapshot = SessionSnapshot(id: id, version: session.version, document: session.document())
        _ = cache.insert(SessionBox(.live(session), now: nowMillis()), for: id)
        counters.created.add(1, ordering: .relaxed)
        return snapshot
    }

    /// Runs `body` on the session under its lock, rebuilding it from the
    /// store first when it is not cached or the store holds newer records.
    /// Throws ``NavigationError/Kind/sessionNotFound`` for an unknown, ended
    /// or expired id, ``NavigationError/Kind/flowChanged`` for a journal this
    /// server's flows cannot replay.
    ///
    /// For reading only: a change made here is not journaled, so a restart
    /// or another instance would not see it. Send events with
    /// ``send(_:to:expectedVersion:)`` or ``change(_:_:)``.
    public func withSession<Result: Sendable>(
        _ id: String, _ body: (Session) throws(NavigationError) -> Result
    ) throws(NavigationError) -> Result {
        try withFreshSession(id) { session throws(NavigationError) in try body(session) }
    }

    /// The session's current document.
    public func snapshot(_ id: String) throws(NavigationError) -> SessionSnapshot {
        try withSession(id) { SessionSnapshot(id: $0.id, version: $0.version, document: $0.document()) }
    }

    /// Applies a client event and journals it; see ``Session/send(_:expectedVersion:)``.
    /// The answer is given only once the event is in the store.
    public func send(_ event: ClientEvent, to id: String, expectedVersion: Int? = nil) throws(NavigationError) -> SessionSnapshot {
        try change(id) { session throws(NavigationError) in
            try session.send(event, expectedVersion: expectedVersion)
            return .accepted(event)
        }
    }

    /// Opens a deep link and journals it; see ``Session/open(link:expectedVersion:)``.
    public func open(link: String, in id: String, expectedVersion: Int? = nil) throws(NavigationError) -> SessionSnapshot {
        try send(ClientEvent(link: link), to: id, expectedVersion: expectedVersion)
    }

    /// Runs `change` on the session and journals the entry it returns; if
    /// the store refuses, the change is taken back. When another writer got
    /// there first (a stale cache), the session is rebuilt from the store
    /// and `change` runs again on the fresh state.
    public func change(
        _ id: String, _ change: (Session) throws(NavigationError) -> JournalEntry
    ) throws(NavigationError) -> SessionSnapshot {
        var attempts = 0
        while true {
            attempts += 1
            let outcome = try withFreshSession(id) { session throws(NavigationError) -> SessionSnapshot? in
                let before = session.version
                let entry = try change(session)
                do throws(NavigationError) {
                    try record(entry, of: id, version: before + 1)
                } catch {
                    do throws(NavigationError) {
                        try session.undoLastEvent()
                    } catch {
                        dropCached(id)
                    }
                    // Another writer (an instance, or a stale copy) won this
                    // version: the next attempt catches up on its records and
                    // runs `change` on the new state, where an If-Match that
                    // no longer holds is a 412.
                    if error.kind == .versionMismatch, attempts < Self.maximumAppendAttempts {
                        return nil
                    }
                    throw error
                }
                let snapshot = SessionSnapshot(id: session.id, version: session.version, document: session.document())
                feed.announce(snapshot)
                return snapshot
            }
            if let outcome { return outcome }
        }
    }

    /// How often ``change(_:_:)`` tries again after losing a race for a
    /// version before it answers 412.
    static let maximumAppendAttempts = 16

    /// Ends a session: its root coordinator finishes, its journal is closed,
    /// and it is freed.
    public func end(_ id: String) throws(NavigationError) {
        try withFreshSession(id) { session throws(NavigationError) in
            try record(.ended(reason: .ended), of: id, version: session.version + 1)
            session.end()
        }
        close(id)
        counters.ended.add(1, ordering: .relaxed)
    }

    /// Wall-clock seconds since 1970.
    public static func wallClockSeconds() -> Double {
        SystemClock.secondsSince1970()
    }

    func nowMillis() -> Int64 { Int64(clock() * 1000) }

    static func notFound(_ id: String) -> NavigationError {
        NavigationError(.sessionNotFound, "no live session has id '\(id)'; it may have ended or expired")
    }

    private func reserveSlot() throws(NavigationError) {
        if tryIncrement() { return }
        evictExpired()
        if tryIncrement() { return }
        throw NavigationError(
            .tooManySessions,
            "the server holds its limit of \(limits.maxSessions) sessions; try again later or end unused sessions")
    }

    private func tryIncrement() -> Bool {
        var current = liveCount.load(ordering: .relaxed)
        while current < limits.maxSessions {
            let (exchanged, original) = liveCount.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }
}
