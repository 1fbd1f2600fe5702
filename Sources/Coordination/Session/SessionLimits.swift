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
    /// Bytes one session may hold: its context, every accepted event (screen
    /// id, event name and payload) and the params of the screens on its
    /// stack, each counted as UTF-8 / compact JSON. An event or a new session
    /// that would go past it is refused (`sessionTooLarge`) and nothing
    /// changes. It counts what clients can make a session keep, not Swift's
    /// own overhead per object (bounded by the other limits); the shared
    /// store's typed values are not counted.
    public var maxSessionBytes = 1 << 20
    /// UTF-8 bytes a `string` field of an event payload may have, unless the
    /// flow declared the field with its own limit (``EventField/string(maxBytes:)``).
    /// Longer is `invalidPayload`.
    public var maxStringFieldBytes = 4096

    public init() {}

    public static let `default` = SessionLimits()
}
