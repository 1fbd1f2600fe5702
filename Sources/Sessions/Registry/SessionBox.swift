import Coordination
import Platform
import Synchronization

/// One session in the registry's cache behind its own lock, with the time it
/// was last used.
///
/// The lock serializes the events of one session; sessions never wait for
/// each other. A box outlives its place in the cache while a request holds
/// it: evicting only drops the cache's reference, and the store's
/// conditional appends keep a stale copy from overwriting newer records.
final class SessionBox: Sendable {
    /// What the box holds; see ``Content``.
    let content: Locked<Content>
    /// Wall-clock milliseconds of the last request.
    let lastAccess: Atomic<Int64>
    /// Who created the session with a token; nil for one anyone may use.
    let owner: SessionOwner?
    /// The session's id (its `Session`'s own text, shared): a request that
    /// names the session by key takes its id from here, not a new `String`.
    let id: String

    enum Content {
        case live(Session)
        /// The session's journal cannot be replayed by this server's flows:
        /// kept so that every request answers 410 without reading the
        /// journal again, and the change is reported once. Indirect: the
        /// error is ~140 bytes, and without it every live box's content
        /// would be that large.
        indirect case flowChanged(NavigationError)
        /// Ended, expired, or dropped: a request that found the box just
        /// before it was removed sees the session as gone.
        case gone
    }

    init(_ content: consuming sending Content, id: String, owner: SessionOwner?, now: Int64) {
        self.content = Locked(content)
        self.lastAccess = Atomic(now)
        self.owner = owner
        self.id = id
    }
}
