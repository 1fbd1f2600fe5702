/// A connection a ``ConnectionPool`` lends.
public protocol PooledConnection: AnyObject {
    /// Whether it failed: it is dropped when given back, not kept idle.
    var isBroken: Bool { get }
    /// Whether an idle one may be lent again (its server may have closed
    /// it meanwhile); by default, whether it is not broken.
    var isUsable: Bool { get }
}

extension PooledConnection {
    public var isUsable: Bool { !isBroken }
}

/// Connections to one server, lent to one thread at a time: a thread takes
/// an idle connection (or opens one), uses it for one operation and gives
/// it back, so there are about as many connections as threads using the
/// server at once. A connection that failed is dropped instead of given
/// back, so the next operation opens a new one: reconnecting is automatic.
///
/// `@unchecked Sendable`: a connection is only used by the thread it is
/// lent to; the idle list is behind a lock.
public final class ConnectionPool<Connection: PooledConnection>: @unchecked Sendable {
    /// The idle connections, and whether ``closeIdle()`` was called.
    private let idle = Locked<(connections: [Connection], isClosed: Bool)>(([], false))
    /// The most idle connections kept; more are closed when given back.
    public let maximumIdle: Int

    public init(maximumIdle: Int = 64) {
        self.maximumIdle = maximumIdle
    }

    /// Runs `body` with a connection of its own: an idle one that is still
    /// usable (those that are not are dropped), else one `open` makes.
    public func withConnection<Result, Failure: Error>(
        open: () throws(Failure) -> Connection, _ body: (Connection) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // Not `takeIdle() ?? open()`: `??`'s closure throws untyped.
        let connection: Connection
        if let reused = takeIdle() { connection = reused } else { connection = try open() }
        defer {
            if !connection.isBroken {
                idle.withLock { idle in
                    if !idle.isClosed, idle.connections.count < maximumIdle { idle.connections.append(connection) }
                }
            }
        }
        return try body(connection)
    }

    private func takeIdle() -> Connection? {
        while let candidate = idle.withLock({ $0.connections.popLast() }) {
            if candidate.isUsable { return candidate }
        }
        return nil
    }

    /// Closes every idle connection; connections in use close when given
    /// back after this (the pool lends none again from its idle list).
    public func closeIdle() {
        let closed = idle.withLock { idle in
            idle.isClosed = true
            let connections = idle.connections
            idle.connections = []
            return connections
        }
        // Freed (and so closed) here, outside the lock.
        _ = closed
    }
}
