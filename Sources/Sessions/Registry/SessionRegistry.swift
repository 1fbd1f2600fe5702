import Coordination
import Synchronization

/// All live sessions of a server: create, use, end, and expire them.
///
/// The map is split into shards, each with its own lock held only for a
/// lookup, and every session has its own lock: requests for different
/// sessions never serialize on one mutex.
public final class SessionRegistry: Sendable {
    public let limits: SessionLimits
    private let flowsByName: [String: Flow]
    /// The flows in the order they were registered.
    public let flows: [Flow]
    private let shards: [Shard]
    private let liveCount = Atomic<Int>(0)
    private let clock: @Sendable () -> Double
    private let counters = RegistryCounters()

    /// - Parameter clock: seconds on a monotonic clock; tests pass their own.
    public init(
        flows: [Flow], limits: SessionLimits = .default, shardCount: Int = 64,
        clock: @escaping @Sendable () -> Double = SessionRegistry.monotonicSeconds
    ) {
        self.flows = flows
        var byName: [String: Flow] = [:]
        for flow in flows where byName[flow.name] == nil { byName[flow.name] = flow }
        self.flowsByName = byName
        self.limits = limits
        self.shards = (0..<max(1, shardCount)).map { _ in Shard() }
        self.clock = clock
    }

    public func flow(named name: String) -> Flow? { flowsByName[name] }

    /// Live sessions now.
    public var count: Int { liveCount.load(ordering: .relaxed) }
    /// Sessions created, ended by clients, and evicted, since start.
    public var statistics: RegistryStatistics { counters.snapshot() }

    /// Starts a session of `flowName`: builds its root coordinator and calls `start()`.
    public func create(flow flowName: String, context: JSONValue?) throws(NavigationError) -> SessionSnapshot {
        guard let flow = flowsByName[flowName] else {
            let known = flows.map(\.name).joined(separator: ", ")
            throw NavigationError(.flowNotFound, "no flow is named '\(flowName)'; this server hosts: \(known)")
        }
        try reserveSlot()
        let id = SessionID.make()
        let session: Session
        do {
            session = try Session(id: id, flow: flow, context: context, limits: limits)
        } catch {
            liveCount.subtract(1, ordering: .relaxed)
            throw error
        }
        let snapshot = SessionSnapshot(id: id, version: session.version, document: session.document())
        let box = SessionBox(session, now: nowMillis())
        shard(for: id).sessions.withLock { $0[id] = box }
        counters.created.add(1, ordering: .relaxed)
        return snapshot
    }

    /// Runs `body` on the session under its lock. Throws
    /// ``NavigationError/Kind/sessionNotFound`` for an unknown, ended or
    /// expired id (an expired one is removed and its memory freed).
    public func withSession<Result: Sendable>(
        _ id: String, _ body: (Session) throws(NavigationError) -> Result
    ) throws(NavigationError) -> Result {
        guard let box = lookup(id) else { throw Self.notFound(id) }
        let now = nowMillis()
        if isExpired(box, now: now) {
            expire(id, box)
            throw Self.notFound(id)
        }
        box.lastAccess.store(now, ordering: .relaxed)
        let outcome: Swift.Result<Result, NavigationError> = box.session.withLock { session in
            guard let session else { return .failure(Self.notFound(id)) }
            do throws(NavigationError) {
                return .success(try body(session))
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let error) = outcome, error.kind == .flowFailure {
            dropIfBroken(id, box)
        }
        return try outcome.get()
    }

    /// The session's current document.
    public func snapshot(_ id: String) throws(NavigationError) -> SessionSnapshot {
        try withSession(id) { SessionSnapshot(id: $0.id, version: $0.version, document: $0.document()) }
    }

    /// Applies a client event; see ``Session/send(_:expectedVersion:)``.
    public func send(_ event: ClientEvent, to id: String, expectedVersion: Int? = nil) throws(NavigationError) -> SessionSnapshot {
        try withSession(id) { session throws(NavigationError) in
            try session.send(event, expectedVersion: expectedVersion)
            return SessionSnapshot(id: session.id, version: session.version, document: session.document())
        }
    }

    /// Ends a session: its root coordinator finishes, and it is freed.
    public func end(_ id: String) throws(NavigationError) {
        guard let box = removeBox(id) else { throw Self.notFound(id) }
        close(box)
        counters.ended.add(1, ordering: .relaxed)
    }

    /// Removes every session idle for longer than ``SessionLimits/idleTimeout``.
    /// Returns how many were removed.
    @discardableResult
    public func evictExpired() -> Int {
        let now = nowMillis()
        var evicted = 0
        for shard in shards {
            let expired: [SessionBox] = shard.sessions.withLock { sessions in
                var found: [SessionBox] = []
                for (id, box) in sessions where isExpired(box, now: now) {
                    sessions[id] = nil
                    found.append(box)
                }
                return found
            }
            for box in expired { close(box) }
            evicted += expired.count
        }
        counters.evicted.add(evicted, ordering: .relaxed)
        return evicted
    }

    /// Seconds since an arbitrary start, from the monotonic clock.
    public static func monotonicSeconds() -> Double {
        let elapsed = ContinuousClock.now - processStart
        let parts = elapsed.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    private static let processStart = ContinuousClock.now

    private static func notFound(_ id: String) -> NavigationError {
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

    private func lookup(_ id: String) -> SessionBox? {
        guard SessionID.isWellFormed(id) else { return nil }
        return shard(for: id).sessions.withLock { $0[id] }
    }

    private func removeBox(_ id: String) -> SessionBox? {
        guard SessionID.isWellFormed(id) else { return nil }
        return shard(for: id).sessions.withLock { $0.removeValue(forKey: id) }
    }

    private func expire(_ id: String, _ box: SessionBox) {
        let removed = shard(for: id).sessions.withLock { sessions -> Bool in
            guard sessions[id] === box else { return false }
            sessions[id] = nil
            return true
        }
        if removed {
            close(box)
            counters.evicted.add(1, ordering: .relaxed)
        }
    }

    private func dropIfBroken(_ id: String, _ box: SessionBox) {
        let broken = box.session.withLock { $0?.isBroken ?? false }
        guard broken, removeBox(id) === box else { return }
        close(box)
        counters.ended.add(1, ordering: .relaxed)
    }

    /// Ends the box's session and frees it. Each box is closed once, by
    /// whoever removed it from its shard.
    private func close(_ box: SessionBox) {
        box.session.withLock { session in
            session?.end()
            session = nil
        }
        liveCount.subtract(1, ordering: .relaxed)
    }

    private func isExpired(_ box: SessionBox, now: Int64) -> Bool {
        Double(now - box.lastAccess.load(ordering: .relaxed)) / 1000 > limits.idleTimeout
    }

    private func nowMillis() -> Int64 { Int64(clock() * 1000) }

    private func shard(for id: String) -> Shard {
        var hash = 0
        for byte in id.utf8.prefix(8) { hash = hash &* 31 &+ Int(byte) }
        return shards[abs(hash % shards.count)]
    }
}

/// One slice of the registry's map, with its own lock.
private final class Shard: Sendable {
    let sessions = Locked<[String: SessionBox]>([:])
}
