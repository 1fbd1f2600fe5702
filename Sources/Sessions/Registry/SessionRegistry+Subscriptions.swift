import Coordination

/// Live updates: subscribing to a session's changes, and the entry point
/// through which a store that learns of another instance's change makes
/// them known here.
extension SessionRegistry {
    /// The outcome of ``subscribe(_:since:subscriber:limit:)``.
    public enum Subscription: Sendable {
        /// Subscribed; the current document was already delivered unless the
        /// client was at its version.
        case subscribed(version: Int)
        /// The session has `limit` subscribers already.
        case full
    }

    /// Subscribes `subscriber` to the session's changes, atomically with
    /// reading its current state: under the session's lock, it is added to
    /// the feed and, unless `since` is the session's version, handed the
    /// current document first. So it sees every later version exactly once,
    /// in order, then `ended` when the session ends, expires or is lost.
    ///
    /// Throws ``NavigationError/Kind/sessionNotFound`` for an unknown, ended
    /// or expired id, as every use case does.
    public func subscribe(
        _ id: String, since: Int?, subscriber: any SessionSubscriber, limit: Int, by caller: Caller = .unrestricted
    ) throws(NavigationError) -> Subscription {
        try withSession(id, as: caller) { session in
            guard feed.add(subscriber, to: id, version: session.version, limit: limit) else { return .full }
            if since != session.version {
                subscriber.receive(.changed(SessionSnapshot(id: id, version: session.version, document: catalog.document(of: session))))
            }
            return .subscribed(version: session.version)
        }
    }

    /// Stops announcing `id` to `subscriber`.
    public func unsubscribe(_ subscriber: any SessionSubscriber, from id: String) {
        feed.remove(subscriber, from: id)
    }

    /// Brings the session up to date with the store and announces any
    /// version its subscribers have not seen; announces `ended` when the
    /// store says it is over.
    ///
    /// This is the entry point for a store shared by several instances: when
    /// it learns that another instance appended to a session's journal (a
    /// Redis pub/sub message, say), it calls this with the session's id, and
    /// every stream open on this instance gets the new document. Cheap for
    /// a session nobody here subscribes to (one shard lookup).
    ///
    /// Returns false when the store could not be asked (unavailable).
    @discardableResult
    public func refreshSubscribers(of id: String) -> Bool {
        guard feed.subscriberCount(of: id) > 0 else { return true }
        do throws(NavigationError) {
            try withSession(id) { session in
                guard feed.awaits(id, version: session.version) else { return }
                feed.announce(SessionSnapshot(id: id, version: session.version, document: catalog.document(of: session)))
            }
        } catch {
            if error.kind == .sessionNotFound { feed.announceEnded(id) }
            return error.kind != .storeUnavailable
        }
        return true
    }

    /// ``refreshSubscribers(of:)`` for every session with subscribers: one
    /// summary read each. Streams call it at each keep-alive, which is how
    /// they learn what no message told them: a session that a store expiring
    /// sessions itself (Redis) let expire, and a change whose pub/sub message
    /// was lost while the subscriber reconnected. Stops at the first store
    /// failure, so that an unreachable store costs one timeout per round,
    /// not one per session. Does nothing with a store this instance alone
    /// writes and expires: every change and expiry goes through this
    /// registry and is announced already, and a read here would count as
    /// activity, so an open stream would keep its session from expiring.
    public func refreshAllSubscribers() {
        guard store.expiresIdleSessions else { return }
        for id in feed.subscribedSessionIDs() {
            guard refreshSubscribers(of: id) else { return }
        }
    }

    /// Makes changes that other instances append to the shared store reach
    /// this instance's subscribers (``refreshSubscribers(of:)`` for each one
    /// the store reports). False when the store has no change feed: then
    /// every change goes through this registry and is announced already.
    @discardableResult
    public func followStoreChanges() -> Bool {
        store.observeChanges { [weak self] id, version in
            // This instance's own appends come back too: its subscribers
            // have that version already, and need no store read for it.
            guard let self, self.feed.awaits(id, version: version) else { return }
            self.refreshSubscribers(of: id)
        }
    }
}
