import Foundation

/// A thread of its own that listens on a connection of its own until
/// ``stop()``: the Redis and PostgreSQL change feeds. `listen` connects and
/// then waits on its connection at most `pollSeconds` at a time, asking
/// `isStopped` between waits; when it throws (the server went away) the
/// thread listens again after a pause of a fifth of `pollSeconds`, so that
/// a dead server costs nothing.
public final class ListenerThread: Sendable {
    private let stopped = Locked(false)

    public init(pollSeconds: Double, listen: @escaping @Sendable (_ isStopped: () -> Bool) throws -> Void) {
        Thread.detachNewThread { [stopped] in
            let isStopped = { stopped.withLock { $0 } }
            while !isStopped() {
                do {
                    try listen(isStopped)
                } catch {
                    usleep(UInt32(pollSeconds * 200_000))
                }
            }
        }
    }

    /// Ends the listening within `pollSeconds`.
    public func stop() {
        stopped.withLock { $0 = true }
    }
}
