import Coordination
import Platform
import Synchronization

/// Every session of a server, behind one call per use case: ``create(flow:context:link:)``,
/// ``send(_:to:expectedVersion:)``, ``open(link:in:expectedVersion:)``,
/// ``back(from:in:expectedVersion:)``, ``dismiss(from:in:expectedVersion:)``,
/// ``selectTab(_:from:in:expectedVersion:)``, ``end(_:)``, ``document(of:)``,
/// ``history(of:since:)``, ``events(of:since:)`` and ``subscribe(_:since:subscriber:limit:)``.
/// Each returns values (a document and its version, the recorded events);
/// no caller ever holds a live ``Session``. Each takes the ``Caller``: with
/// token auth, a session exists only for the owner who created it.
///
/// A session is its flow, its context and its accepted events. Each change
/// is applied in memory under the session's lock, then appended to the
/// store conditionally (on the version it started from); only then is it
/// answered and announced to the session's live streams. If the store
/// refuses, the change is taken back and the client gets `storeUnavailable`:
/// nothing is half-applied. Requests for different sessions never
/// serialize on one lock.
///
/// The parts, each its own type:
/// - ``SessionCache``: the trees in memory, one lock per session, bounded;
/// - ``JournalWriter``: every read and append of the ``SessionStore``, and its health;
/// - ``StoreSync``: a session for a request, rebuilt by replay or brought
///   up to date with what other instances appended;
/// - ``SessionSlots``: the `--max-sessions` count, and closing a session;
/// - ``ExpirySweep``: idle sessions expired, idle documents freed;
/// - ``SessionFeed``: the live subscribers of each session.
public final class SessionRegistry: Sendable {
    public let limits: SessionLimits
    /// Each accepted change, announced to the session's live subscribers.
    public let feed: SessionFeed
    /// Events sent to live sessions, by flow and outcome.
    public let eventCounts: EventCounters
    let catalog: FlowCatalog
    /// The flows made from flow files that sessions are pinned to, by digest.
    let pinned: PinnedFlows
    let cache: SessionCache
    let journal: JournalWriter
    let slots: SessionSlots
    let sync: StoreSync
    let sweep: ExpirySweep
    /// Performs the effects the sessions' coordinators ask for.
    let effects: EffectRunner
    let counters = RegistryCounters()

    /// - Parameters:
    ///   - store: the journals; a ``MemoryStore`` keeps nothing across a restart.
    ///   - clock: wall-clock seconds since 1970 (idle time counts across
    ///     restarts); tests pass their own.
    ///   - notify: receives what an operator should see (the executable logs it).
    ///   - effects: who performs the effects flows ask for, and their time limits.
    public convenience init(
        flows: [Flow], limits: SessionLimits = .default, store: any SessionStore = MemoryStore(),
        shardCount: Int = 64, clock: @escaping @Sendable () -> Double = SessionRegistry.wallClockSeconds,
        notify: @escaping @Sendable (RegistryNotice) -> Void = { _ in }, effects: EffectOptions = EffectOptions()
    ) {
        self.init(
            hosting: HostedFlows(unchecked: flows), limits: limits, store: store, shardCount: shardCount, clock: clock,
            notify: notify, effects: effects)
    }

    /// A registry of `hosted`: every version of each flow side by side,
    /// each session pinned to the version it started on, and new sessions
    /// started where `hosted`'s selections say (the highest version
    /// without one). The other parameters are those of
    /// ``init(flows:limits:store:shardCount:clock:notify:effects:)``.
    public init(
        hosting hosted: HostedFlows, limits: SessionLimits = .default, store: any SessionStore = MemoryStore(),
        shardCount: Int = 64, clock: @escaping @Sendable () -> Double = SessionRegistry.wallClockSeconds,
        notify: @escaping @Sendable (RegistryNotice) -> Void = { _ in }, effects: EffectOptions = EffectOptions()
    ) {
        self.limits = limits
        catalog = FlowCatalog(
            hosted, fleetInstance: store.isShared ? InstanceAnnouncement.newInstanceName(processID: getpid()) : nil)
        eventCounts = EventCounters(flows: catalog)
        pinned = PinnedFlows(hosted: hosted.flows, compile: hosted.sourceCompiler, store: store)
        feed = SessionFeed()
        cache = SessionCache(capacity: max(1, limits.maxCachedSessions), shardCount: shardCount)
        journal = JournalWriter(store: store, clock: clock, notify: notify)
        self.effects = EffectRunner(options: effects, storeIsShared: store.isShared)
        slots = SessionSlots(
            limit: limits.maxSessions, catalog: catalog, journal: journal, cache: cache, feed: feed, counters: counters)
        sync = StoreSync(
            flows: catalog, pinned: pinned, limits: limits, cache: cache, journal: journal, slots: slots, counters: counters,
            notify: notify, effects: self.effects, feed: feed)
        sweep = ExpirySweep(limits: limits, journal: journal, cache: cache, slots: slots, counters: counters)
        self.effects.connect(
            deliver: { [weak self] key, outcome in self?.record(outcome, of: key) ?? .sessionGone },
            resumeLater: { [weak self] id in self?.resumePendingEffects(of: id) })
        // A shared store's sessions are counted by the instances that use
        // them: reading every journal at open would be a round trip per
        // session.
        if !store.isShared { slots.countFlowVersions() }
    }

    /// Every hosted flow version, in the order they were registered.
    public var flows: [Flow] { catalog.all }
    /// The current version of flow `name`.
    public func flow(named name: String) -> Flow? { catalog[name] }
    /// Version `version` of flow `name`, when it is hosted.
    public func flow(named name: String, version: Int) -> Flow? {
        catalog.position(of: name, version: version).map(catalog.flow(at:))
    }
    /// Hosts `added` from now on, beside the versions hosted: what a
    /// reload of flow files (`SIGHUP`) does with the new versions it found.
    /// Each must be a name and version not hosted; checked with this
    /// registry's selections and retirements (``HostedFlows``), new
    /// sessions then start where those say given every version (the
    /// highest, unless one is chosen; on a shared store, once every live
    /// instance hosts it, from the next lease renewal on). Live sessions
    /// keep the version they started on. Nothing changes when it throws.
    /// - Throws: ``HostedFlowsError``, also for more than
    ///   ``FlowCatalog/maxAddedVersions`` versions added over the
    ///   registry's life.
    public func addFlowVersions(_ added: [Flow]) throws(HostedFlowsError) {
        guard !added.isEmpty else { return }
        try catalog.adding(added)
        for flow in added { pinned.host(flow) }
    }

    /// How many flow versions a registry may add while it runs
    /// (``addFlowVersions(_:)``).
    public static var maxAddedFlowVersions: Int { FlowCatalog.maxAddedVersions }

    /// Where the journals are.
    public var store: any SessionStore { journal.store }
    /// Effects started, their outcomes by kind and durations, by name, since start.
    public var effectStatistics: EffectStatistics { effects.counters.snapshot() }

    /// Calls `done` once, on some thread, when every effect of `ids`
    /// (``SessionSnapshot/startedEffects``) of session `id` has its outcome
    /// recorded, or after `seconds`: what an answer that started effects
    /// waits for (`--effect-wait`).
    public func whenEffectsRecorded(
        _ ids: [String], of id: String, atMost seconds: Double, then done: @escaping @Sendable () -> Void
    ) {
        effects.wait(for: ids, of: id, atMost: seconds, then: done)
    }

    /// How effects are performed.
    public var effectOptions: EffectOptions { effects.options }

    /// Live sessions in the store now (cached or not).
    public var count: Int { slots.count }
    /// Sessions whose trees are in memory now.
    public var cachedCount: Int { cache.count }
    /// Sessions created, ended by clients, expired, and found changed, since start.
    public var statistics: RegistryStatistics { counters.snapshot() }
    /// What `/readyz` reports (see ``JournalWriter/isStoreAvailable``).
    public var isStoreAvailable: Bool { journal.isStoreAvailable }

    /// Expires every session idle past ``SessionLimits/idleTimeout``,
    /// journaling each expiry; returns how many expired. The server calls
    /// it on a timer.
    @discardableResult
    public func evictExpired() -> Int { sweep.expireIdleSessions() }

    /// Frees the rendered documents of sessions idle past
    /// ``SessionLimits/documentIdleTimeout``; returns how many. The server
    /// calls it on a timer.
    @discardableResult
    public func releaseIdleDocuments() -> Int { sweep.releaseIdleDocuments() }

    /// Wall-clock seconds since 1970.
    public static func wallClockSeconds() -> Double {
        SystemClock.secondsSince1970()
    }

    static func notFound(_ id: String) -> NavigationError {
        NavigationError(.sessionNotFound, "no live session has id '\(id)'; it may have ended or expired")
    }

    /// Runs `body` on the session under its lock, as fresh as the store,
    /// if `caller` may use it. For reading only, inside this module and its
    /// tests: a change made here is not journaled. `key`, when the caller
    /// parsed `id` already, spares parsing it again; with `key`, `id` may be
    /// nil (see ``StoreSync/withFreshSession(_:key:as:trustingCache:_:)``,
    /// which says when `trustingCache` spares asking a shared store).
    func withSession<Result>(
        _ id: String?, key: SessionKey? = nil, as caller: Caller = .unrestricted, trustingCache: Bool = false,
        _ body: (Session) throws(NavigationError) -> Result
    ) throws(NavigationError) -> Result {
        try sync.withFreshSession(id, key: key, as: caller, trustingCache: trustingCache, body)
    }
}
