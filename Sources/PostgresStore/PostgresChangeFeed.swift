import Platform

/// The listening side of ``PostgresStore/changesChannel``: a connection of
/// its own, on a thread of its own, `LISTEN`ing, handing each
/// `"<id> <version>"` notification to a handler.
///
/// Best effort: a notification sent while the listener reconnects (the
/// database went away, or failed over) is not delivered. A consumer uses
/// one as a hint to check the session's version, never as the only way to
/// learn of a change. The thread waits on the socket `pollSeconds` at a
/// time, only to notice ``stop()``.
final class PostgresChangeFeed: Sendable {
    private let listener: ListenerThread

    init(pool: PostgresConnectionPool, channel: String, pollSeconds: Double = 1, handler: @escaping @Sendable (String, Int) -> Void) {
        let url = pool.url
        let connectTimeout = pool.connectTimeout
        listener = ListenerThread(pollSeconds: pollSeconds) { isStopped in
            let connection = try PostgresConnection(url, connectTimeout: connectTimeout, commandTimeout: max(pollSeconds, 2))
            _ = try connection.run("LISTEN \(channel)")
            while !isStopped() {
                for payload in try connection.notifications(within: pollSeconds) {
                    if let (id, version) = Self.change(in: payload) { handler(id, version) }
                }
            }
        }
    }

    /// Ends the listening within `pollSeconds`.
    func stop() {
        listener.stop()
    }

    /// The session and version of a payload; nil for anything else.
    static func change(in payload: String) -> (String, Int)? {
        let fields = payload.split(separator: " ")
        guard fields.count == 2, let version = Int(fields[1]) else { return nil }
        return (String(fields[0]), version)
    }
}
