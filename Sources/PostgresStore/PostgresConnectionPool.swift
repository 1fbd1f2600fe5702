import Platform

/// Connections to one database, lent to one thread at a time: a thread
/// that needs the database takes an idle connection (or opens one), uses it
/// for one operation and gives it back, so there are about as many
/// connections as worker threads (`--threads`) using the store at once.
///
/// Reconnecting is automatic: a connection that failed is dropped instead
/// of given back, an idle one the server closed (a restart) is dropped
/// before use (``PostgresConnection/isUsable``), and the next operation
/// opens a new one, to whichever host of the URI now takes writes. While
/// the database is down each operation costs at most one connect timeout
/// per host.
///
/// The schema is made sure of (``PostgresSchema/prepare(_:)``) on the
/// first connection that opens, and on the next one while that failed.
final class PostgresConnectionPool: Sendable {
    let url: PostgresURL
    let connectTimeout: Double
    let commandTimeout: Double
    /// Idle connections. `@unchecked`: a connection is only used by the
    /// thread that took it out of this list.
    private let idle = Locked<[UncheckedConnection]>([])
    /// The most idle connections kept; more are closed when given back.
    private let maximumIdle: Int
    private let schemaReady = Locked(false)

    init(url: PostgresURL, connectTimeout: Double, commandTimeout: Double, maximumIdle: Int = 64) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        self.maximumIdle = maximumIdle
    }

    /// Runs `body` with a connection of its own.
    func withConnection<Result>(_ body: (PostgresConnection) throws(PostgresFailure) -> Result) throws(PostgresFailure) -> Result {
        let connection: PostgresConnection
        if let reused = takeIdle() {
            connection = reused
        } else {
            connection = try PostgresConnection(url, connectTimeout: connectTimeout, commandTimeout: commandTimeout)
            if !schemaReady.withLock({ $0 }) {
                try PostgresSchema.prepare(connection)
                schemaReady.withLock { $0 = true }
            }
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

    /// An idle connection the server has not closed meanwhile; those it
    /// closed are dropped.
    private func takeIdle() -> PostgresConnection? {
        while let candidate = idle.withLock({ $0.popLast() }) {
            if candidate.connection.isUsable { return candidate.connection }
        }
        return nil
    }

    /// Closes every idle connection; connections in use close when given
    /// back after this (there is no way to use the pool again).
    func closeIdle() {
        idle.withLock { $0.removeAll() }
    }

    private struct UncheckedConnection: @unchecked Sendable {
        let connection: PostgresConnection
    }
}
