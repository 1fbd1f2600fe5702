import Coordination
import Synchronization

/// The registry's background work on idle sessions: expiring those idle
/// past ``SessionLimits/idleTimeout`` (each expiry journaled), and freeing
/// the rendered documents of those idle past
/// ``SessionLimits/documentIdleTimeout``. The server runs both on timers,
/// off the request threads.
final class ExpirySweep: Sendable {
    private let limits: SessionLimits
    private let journal: JournalWriter
    private let cache: SessionCache
    private let slots: SessionSlots
    private let counters: RegistryCounters
    /// Milliseconds: sessions last used before this had their documents
    /// released by the last pass (before the first pass, a time before any
    /// session).
    private let documentsReleasedBefore = Atomic<Int64>(.min / 2)

    init(limits: SessionLimits, journal: JournalWriter, cache: SessionCache, slots: SessionSlots, counters: RegistryCounters) {
        self.limits = limits
        self.journal = journal
        self.cache = cache
        self.slots = slots
        self.counters = counters
    }

    /// Expires every session idle for longer than the idle timeout, and
    /// forgets ended sessions left from before a restart so that compaction
    /// reclaims them. Returns how many expired. With a store that expires
    /// sessions itself (Redis), only recounts the live sessions; with another
    /// shared store (PostgreSQL), expires, then recounts.
    func expireIdleSessions() -> Int {
        let store = journal.store
        guard !store.expiresIdleSessions else {
            slots.recount()
            return 0
        }
        let now = journal.nowMillis()
        var expired = 0
        // A superset of the expired (`isExpired` decides below), without a
        // summary of every session.
        let idleBefore = now - Int64(limits.idleTimeout * 1000) + 1
        for summary in store.sessions(endedOrIdleBefore: idleBefore) {
            if summary.ended {
                store.drop(summary.id)
                continue
            }
            // The cache is asked only about sessions the store finds idle:
            // a request since then is in the box's last access.
            guard limits.isExpired(lastActivity: summary.lastActivity, now: now) else { continue }
            let lastAccess = cache.box(for: summary.id)?.lastAccess.load(ordering: .relaxed) ?? 0
            guard limits.isExpired(lastActivity: max(summary.lastActivity, lastAccess), now: now) else { continue }
            // A refusal (the session changed meanwhile, or the store is
            // unavailable) leaves it to the next sweep.
            do throws(NavigationError) {
                try slots.close(summary.id, lastVersion: summary.lastVersion, reason: .expired)
                expired += 1
            } catch {}
        }
        // Other instances create and end sessions too: count them all.
        if store.isShared { slots.recount() }
        return expired
    }

    /// Frees the rendered document of every cached session whose last
    /// request is older than the document timeout (see
    /// ``Session/releaseDocument()``), and returns how many were freed. The
    /// session and its tree stay cached; its next request renders again.
    ///
    /// A pass locks only the sessions that went idle since the pass before,
    /// give or take one timeout: a request stamps its session's last access
    /// before it renders, so a session last used before the previous pass's
    /// cutoff was released by that pass. The overlap covers a request that
    /// waited on its session's lock for as long as a timeout. Every other
    /// session costs one atomic load.
    func releaseIdleDocuments() -> Int {
        let timeout = Int64(limits.documentIdleTimeout * 1000)
        let cutoff = journal.nowMillis() - timeout
        let since = documentsReleasedBefore.exchange(cutoff, ordering: .relaxed) - max(timeout, 1000)
        var released = 0
        cache.forEachBox { box in
            let lastAccess = box.lastAccess.load(ordering: .relaxed)
            guard lastAccess < cutoff, lastAccess >= since else { return }
            box.content.withLock { content in
                guard case .live(let session) = content, session.holdsDocument else { return }
                session.releaseDocument()
                released += 1
            }
        }
        counters.documentsReleased.add(released, ordering: .relaxed)
        return released
    }
}

extension SessionLimits {
    /// Whether a session last active at `lastActivity` has been idle past
    /// ``idleTimeout`` at `now` (both wall-clock milliseconds).
    func isExpired(lastActivity: Int64, now: Int64) -> Bool {
        Double(now - lastActivity) / 1000 > idleTimeout
    }
}
