import Platform

/// Connections to one Redis server (a ``ConnectionPool``): as many as
/// worker threads use Redis at once. While Redis is down each operation
/// costs at most one connect timeout.
final class RedisConnectionPool: Sendable {
    let url: RedisURL
    let connectTimeout: Double
    let commandTimeout: Double
    private let connections = ConnectionPool<RedisConnection>()

    init(url: RedisURL, connectTimeout: Double, commandTimeout: Double) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
    }

    /// Runs `body` with a connection of its own.
    func withConnection<Result>(_ body: (RedisConnection) throws(RedisFailure) -> Result) throws(RedisFailure) -> Result {
        try connections.withConnection(
            open: { () throws(RedisFailure) in try RedisConnection(url, connectTimeout: connectTimeout, commandTimeout: commandTimeout) },
            body)
    }

    /// Closes every idle connection; connections in use close when given back.
    func closeIdle() {
        connections.closeIdle()
    }
}

extension RedisConnection: PooledConnection {}
