import Platform

/// Connections to one Redis server, lent to one thread at a time: a
/// thread that needs Redis takes an idle connection (or opens one), uses
/// it for one operation and gives it back, so there are about as many
/// connections as worker threads using Redis at once.
///
/// Reconnecting is automatic: a connection that failed is dropped instead
/// of given back, and the next operation opens a new one. While Redis is
/// down each operation costs at most one connect timeout.
final class RedisConnectionPool: Sendable {
    let url: RedisURL
    let connectTimeout: Double
    let commandTimeout: Double
    /// Idle connections. `@unchecked`: a connection is only used by the
    /// thread that took it out of this list.
    private let idle = Locked<[UncheckedConnection]>([])
    /// The most idle connections kept; more are closed when given back.
    private let maximumIdle: Int

    init(url: RedisURL, connectTimeout: Double, commandTimeout: Double, maximumIdle: Int = 64) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        self.maximumIdle = maximumIdle
    }

    /// Runs `body` with a connection of its own.
    func withConnection<Result>(_ body: (RedisConnection) throws(RedisFailure) -> Result) throws(RedisFailure) -> Result {
        let connection: RedisConnection
        if let reused = idle.withLock({ $0.popLast() }) {
            connection = reused.connection
        } else {
            connection = try RedisConnection(url, connectTimeout: connectTimeout, commandTimeout: commandTimeout)
        }
        defer {
            if !connection.isBroken {
                let kept = UncheckedConnection(connection: connection)
                idle.withLock { connections in
                    if connections.count < maximumIdle { connections.append(kept) }
                }
            }
        }
        return try body(connection)
    }

    /// Closes every idle connection; connections in use close when given back
    /// after this (there is no way to use the pool again).
    func closeIdle() {
        idle.withLock { $0.removeAll() }
    }

    private struct UncheckedConnection: @unchecked Sendable {
        let connection: RedisConnection
    }
}
