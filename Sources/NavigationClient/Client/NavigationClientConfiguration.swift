import Foundation

/// Timeouts, reconnection and polling of a ``NavigationClient``; the defaults suit an app.
public struct NavigationClientConfiguration: Sendable {
    /// Seconds a request may wait for its answer.
    public var requestTimeout: Double = 30
    /// Seconds a stream may stay silent before it counts as dropped. The server sends a
    /// keep-alive at least every 15 seconds, so silence past this means the connection is dead.
    public var streamIdleTimeout: Double = 45
    /// Seconds before the first reconnection after a drop; it doubles up to ``maximumReconnectDelay``.
    public var initialReconnectDelay: Double = 0.5
    public var maximumReconnectDelay: Double = 30
    /// Seconds between polls while the server refuses streams (429, 503).
    public var pollInterval: Double = 2
    /// The longest line a stream may send (one document); longer drops the connection.
    public var maximumEventBytes: Int = 16 << 20

    public init() {}
}
