import Coordination
import Synchronization

/// One registered session behind its own lock, with the time it was last used.
///
/// The lock serializes the events of one session; sessions never wait for
/// each other. `session` becomes nil when the session ends, so a request that
/// found the box just before it was removed sees the session as gone.
final class SessionBox: Sendable {
    let session: Locked<Session?>
    /// Milliseconds on the registry's clock.
    let lastAccess: Atomic<Int64>

    init(_ session: consuming sending Session, now: Int64) {
        self.session = Locked(session)
        self.lastAccess = Atomic(now)
    }
}
