import Platform

/// Connections to one database (a ``ConnectionPool``): about as many as
/// worker threads (`--threads`) use the store at once. An idle one the
/// server closed (a restart) is dropped before use
/// (``PostgresConnection/isUsable``), and the next operation opens a new
/// one, to whichever host of the URI now takes writes. While the database
/// is down each operation costs at most one connect timeout per host.
///
/// The schema is made sure of (``PostgresSchema/prepare(_:)``) on the
/// first connection that opens, and on the next one while that failed.
final class PostgresConnectionPool: Sendable {
    let url: PostgresURL
    let connectTimeout: Double
    let commandTimeout: Double
    private let connections = ConnectionPool<PostgresConnection>()
    private let schemaReady = Locked(false)

    init(url: PostgresURL, connectTimeout: Double, commandTimeout: Double) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
    }

    /// Runs `body` with a connection of its own.
    func withConnection<Result>(_ body: (PostgresConnection) throws(PostgresFailure) -> Result) throws(PostgresFailure) -> Result {
        try connections.withConnection(open: open, body)
    }

    /// A new connection, after the schema is made sure of while it is not yet.
    private func open() throws(PostgresFailure) -> PostgresConnection {
        let connection = try PostgresConnection(url, connectTimeout: connectTimeout, commandTimeout: commandTimeout)
        if !schemaReady.withLock({ $0 }) {
            try PostgresSchema.prepare(connection)
            schemaReady.withLock { $0 = true }
        }
        return connection
    }

    /// Closes every idle connection; connections in use close when given back.
    func closeIdle() {
        connections.closeIdle()
    }
}

extension PostgresConnection: PooledConnection {}
