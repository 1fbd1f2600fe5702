import Coordination
import Synchronization

/// The sessions a server holds, counted against `--max-sessions`: a slot is
/// taken when a session is created and given back when its journal closes.
///
/// Closing is the one way a session goes: its `ended` record is journaled
/// (ended by a client, expired, or lost), then it leaves the cache, the
/// store forgets it, its slot is free, and its live streams hear `ended`.
///
/// The live sessions of each flow version are counted here too
/// (``FlowCensus``): from the store's journals when the registry opens,
/// then one more for each session created and one fewer for each closed.
final class SessionSlots: Sendable {
    let limit: Int
    let census: FlowCensus
    private let catalog: FlowCatalog
    private let live: Atomic<Int>
    private let journal: JournalWriter
    private let cache: SessionCache
    private let feed: SessionFeed
    private let counters: RegistryCounters

    init(
        limit: Int, catalog: FlowCatalog, journal: JournalWriter, cache: SessionCache, feed: SessionFeed, counters: RegistryCounters
    ) {
        self.limit = limit
        self.catalog = catalog
        self.census = FlowCensus(catalog: catalog)
        self.journal = journal
        self.cache = cache
        self.feed = feed
        self.counters = counters
        self.live = Atomic((try? journal.store.liveSessionCount()) ?? 0)
    }

    /// Live sessions in the store now (cached or not).
    var count: Int { live.load(ordering: .relaxed) }

    /// Takes a slot for a new session; false when every slot is taken.
    func reserve() -> Bool {
        var current = live.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = live.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives back a slot taken by ``reserve()`` for a session that was never created.
    func unreserve() {
        live.subtract(1, ordering: .relaxed)
    }

    /// Sets the count to the store's: for a store that expires sessions
    /// itself, where this instance cannot see them go (nor see other
    /// instances create them).
    func recount() {
        guard let counted = try? journal.store.liveSessionCount() else { return }
        live.store(counted, ordering: .relaxed)
    }

    /// Journals the end of session `id` (at version `lastVersion + 1`) for
    /// `reason` and frees it. Throws, changing nothing, when the store
    /// refuses (a newer version was appended meanwhile: the session is not
    /// idle after all, or the store is unavailable). Not under the
    /// session's lock: freeing it takes that lock.
    func close(_ id: String, lastVersion: Int, reason: JournalEntry.EndReason) throws(NavigationError) {
        try journal.append(.ended(reason: reason), of: id, version: lastVersion + 1)
        release(id, reason: reason)
    }

    /// Frees a session whose journal is closed (its `ended` record is in the
    /// store): out of the cache (a request holding its box sees it gone),
    /// forgotten by the store, its slot free, its streams told. Not under
    /// the session's lock.
    func release(_ id: String, reason: JournalEntry.EndReason) {
        switch reason {
        case .ended, .lost: counters.ended.add(1, ordering: .relaxed)
        case .expired: counters.evicted.add(1, ordering: .relaxed)
        }
        var flowVersion: FlowVersionPosition = .unknown
        if let box = cache.remove(id) {
            box.content.withLock { content in
                if case .live(let session) = content {
                    flowVersion = .known(catalog.position(of: session.flow.name, version: session.flow.version))
                    if !session.isFinished { session.end() }
                }
                content = .gone
            }
        }
        if case .unknown = flowVersion { flowVersion = recordedFlowVersion(of: id) }
        if case .known(let position) = flowVersion { census.remove(at: position) }
        journal.store.drop(id)
        live.subtract(1, ordering: .relaxed)
        feed.announceEnded(id)
    }

    /// Counts the live sessions of each flow version in the store
    /// (``census``), reading each one's created record: what the registry
    /// does once, when it opens.
    func countFlowVersions() {
        for summary in journal.store.sessions() where !summary.ended {
            if case .known(let position) = recordedFlowVersion(of: summary.id) { census.add(at: position) }
        }
    }

    /// Where a session's flow version is among the catalog's, as its
    /// start record names it; ``FlowVersionPosition/unknown`` when the
    /// record cannot be read.
    private func recordedFlowVersion(of id: String) -> FlowVersionPosition {
        guard let record = try? journal.store.startRecord(of: id), let entry = try? JournalEntry(record) else { return .unknown }
        switch entry {
        case .created(let start), .migrated(let start, _): return .known(catalog.position(of: start.flow, version: start.flowVersion))
        default: return .unknown
        }
    }

    /// A session's flow version among the catalog's positions: known (nil
    /// for a version not hosted), or unknown (its journal could not be read).
    private enum FlowVersionPosition {
        case known(Int?)
        case unknown
    }
}
