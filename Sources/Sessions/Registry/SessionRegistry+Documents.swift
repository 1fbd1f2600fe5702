import Coordination

/// How idle sessions give back their rendered documents.
extension SessionRegistry {
    /// Frees the rendered document of every cached session whose last
    /// request is older than ``SessionLimits/documentIdleTimeout`` (see
    /// ``Session/releaseDocument()``), and returns how many were freed. The
    /// session and its tree stay cached; its next request renders again.
    ///
    /// A pass locks only the sessions that went idle since the pass before,
    /// give or take one timeout: a request stamps its session's last access
    /// before it renders, so a session last used before the previous pass's
    /// cutoff was released by that pass. The overlap covers a request that
    /// waited on its session's lock for as long as a timeout. Every other
    /// session costs one atomic load.
    @discardableResult
    public func releaseIdleDocuments() -> Int {
        let timeout = Int64(limits.documentIdleTimeout * 1000)
        let cutoff = nowMillis() - timeout
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
