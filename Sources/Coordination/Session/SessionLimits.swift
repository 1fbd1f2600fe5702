/// The bounds on sessions. Every one has a default that suits a small server;
/// the executable's configuration sets them from flags and the environment.
///
/// A value type kept in one shared object, copied on write: every session
/// holds the registry's limits, as one reference.
public struct SessionLimits: Sendable, Equatable {
    /// Sessions the store holds at once (live ones: not ended, not expired).
    /// When full, sessions idle past ``idleTimeout`` are expired first; if
    /// none are, creation is refused. Sessions live in the store, not in
    /// memory, so this fits a disk: about 500 bytes each in a file store.
    public var maxSessions: Int {
        get { storage.values.maxSessions }
        set { update { $0.maxSessions = newValue } }
    }
    /// Sessions whose coordinator trees stay in memory, least recently used
    /// first out; an evicted session is rebuilt from its journal on its next
    /// request. This, not ``maxSessions``, bounds the heap.
    public var maxCachedSessions: Int {
        get { storage.values.maxCachedSessions }
        set { update { $0.maxCachedSessions = newValue } }
    }
    /// Seconds a session may go untouched before it expires (404, its
    /// journal closed). Counted in wall-clock time from its last request in
    /// this process, or from its last stored record after a restart.
    public var idleTimeout: Double {
        get { storage.values.idleTimeout }
        set { update { $0.idleTimeout = newValue } }
    }
    /// Seconds a cached session keeps its rendered document after its last
    /// request. A document is most of an idle session's memory; once it is
    /// dropped, the next request renders it whole again. A session
    /// in use keeps it, so that a read is a copy and an event rewrites only
    /// what changed.
    public var documentIdleTimeout: Double {
        get { storage.values.documentIdleTimeout }
        set { update { $0.documentIdleTimeout = newValue } }
    }
    /// Screens one session shows: its stack, or with containers every tab
    /// and column (hidden ones too) and the modals over them.
    public var maxStackDepth: Int {
        get { storage.values.maxStackDepth }
        set { update { $0.maxStackDepth = newValue } }
    }
    /// History entries kept per session; the oldest are dropped.
    public var maxHistoryLength: Int {
        get { storage.values.maxHistoryLength }
        set { update { $0.maxHistoryLength = newValue } }
    }
    /// Events one session accepts in its life. Every accepted event is kept
    /// (the session is rebuilt from them to undo a failed one), so this bounds
    /// a session's memory.
    public var maxEventsPerSession: Int {
        get { storage.values.maxEventsPerSession }
        set { update { $0.maxEventsPerSession = newValue } }
    }
    /// Bytes one session may hold: its context, every accepted event (screen
    /// id, event name and payload) and the params of the screens on its
    /// stack, each counted as UTF-8 / compact JSON. An event or a new session
    /// that would go past it is refused (`sessionTooLarge`) and nothing
    /// changes. It counts what clients can make a session keep, not Swift's
    /// own overhead per object (bounded by the other limits); the shared
    /// store's typed values are not counted.
    public var maxSessionBytes: Int {
        get { storage.values.maxSessionBytes }
        set { update { $0.maxSessionBytes = newValue } }
    }
    /// UTF-8 bytes a `string` field of an event payload may have, unless the
    /// flow declared the field with its own limit (``EventField/string(maxBytes:)``).
    /// Longer is `invalidPayload`.
    public var maxStringFieldBytes: Int {
        get { storage.values.maxStringFieldBytes }
        set { update { $0.maxStringFieldBytes = newValue } }
    }

    /// The values, in one object shared by copies until one of them changes.
    private struct Values: Equatable {
        var maxSessions = 1_000_000
        var maxCachedSessions = 10_000
        var idleTimeout: Double = 1800
        var documentIdleTimeout: Double = 5
        var maxStackDepth = 32
        var maxHistoryLength = 256
        var maxEventsPerSession = 10_000
        var maxSessionBytes = 1 << 20
        var maxStringFieldBytes = 4096
    }

    /// `@unchecked Sendable`: `values` changes only through ``update(_:)``,
    /// on a box no other copy holds.
    private final class Storage: @unchecked Sendable {
        var values: Values
        init(_ values: Values) { self.values = values }
    }

    private var storage = Storage(Values())

    public init() {}

    public static let `default` = SessionLimits()

    public static func == (left: SessionLimits, right: SessionLimits) -> Bool {
        left.storage === right.storage || left.storage.values == right.storage.values
    }

    private mutating func update(_ change: (inout Values) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
        change(&storage.values)
    }
}
