/// What a store knows of a session without reading its records' bodies:
/// enough for start-up to list sessions, expire idle ones and enforce byte
/// budgets.
public struct SessionSummary: Sendable, Equatable {
    public var id: String
    /// Version of the session's last record (1 after `created`).
    public var lastVersion: Int
    /// `time` of the session's last record (milliseconds since 1970).
    public var lastActivity: Int64
    /// Whether the last record is `ended`.
    public var ended: Bool
    /// Bytes the session's records take in the store, framing included
    /// (``JournalRecord/storedSize``).
    public var bytes: Int

    public init(id: String, lastVersion: Int, lastActivity: Int64, ended: Bool, bytes: Int) {
        self.id = id
        self.lastVersion = lastVersion
        self.lastActivity = lastActivity
        self.ended = ended
        self.bytes = bytes
    }
}
