/// The bounds on sessions. Every one has a default that suits a small server;
/// the executable's configuration sets them from flags and the environment.
public struct SessionLimits: Sendable, Equatable {
    /// Live sessions at once. When full, sessions idle past ``idleTimeout``
    /// are evicted first; if none are, creation is refused.
    public var maxSessions = 10_000
    /// Seconds a session may go untouched before it expires (404, memory freed).
    public var idleTimeout: Double = 1800
    /// Screens on one session's stack.
    public var maxStackDepth = 32
    /// History entries kept per session; the oldest are dropped.
    public var maxHistoryLength = 256
    /// Events one session accepts in its life. Every accepted event is kept
    /// (the session is rebuilt from them to undo a failed one), so this bounds
    /// a session's memory.
    public var maxEventsPerSession = 10_000

    public init() {}

    public static let `default` = SessionLimits()
}
