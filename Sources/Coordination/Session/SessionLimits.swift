/// The bounds on sessions. Every one has a default that suits a small server;
/// the executable's configuration sets them from flags and the environment.
public struct SessionLimits: Sendable, Equatable {
    /// Sessions the store holds at once (live ones: not ended, not expired).
    /// When full, sessions idle past ``idleTimeout`` are expired first; if
    /// none are, creation is refused. Sessions live in the store, not in
    /// memory, so this fits a disk: about 500 bytes each in a file store.
    public var maxSessions = 1_000_000
    /// Sessions whose coordinator trees stay in memory, least recently used
    /// first out; an evicted session is rebuilt from its journal on its next
    /// request. This, not ``maxSessions``, bounds the heap.
    public var maxCachedSessions = 10_000
    /// Seconds a session may go untouched before it expires (404, its
    /// journal closed). Counted in wall-clock time from its last request in
    /// this process, or from its last stored record after a restart.
    public var idleTimeout: Double = 1800
    /// Screens one session shows: its stack, or with containers every tab
    /// and column (hidden ones too) and the modals over them.
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
