/// What ``FileStore/repair(directory:options:)`` did to a data directory.
public struct JournalRepairReport: Sendable, Equatable {
    /// Bytes that held no readable record, cut out of a segment.
    public struct DamagedRange: Sendable, Equatable {
        /// The segment's path.
        public var file: String
        public var offset: Int64
        public var size: Int64
        /// Why the first bytes are no record (the rest up to the next
        /// record were not read as records either).
        public var reason: String
        /// The path of the file beside the segment that keeps the bytes.
        public var movedTo: String
    }

    /// A session whose records stopped forming a consecutive version chain
    /// (one of its records was lost in damaged bytes): replay needs every
    /// version, so its records after the gap were dropped.
    public struct BrokenSession: Sendable, Equatable {
        public var id: String
        /// The last version kept (the session now ends there).
        public var lastVersionKept: Int
        public var recordsDropped: Int
        /// What the first dropped record was, e.g. `version 9 after version 6`.
        public var reason: String
    }

    /// Segment files read, in journal order (paths).
    public var segments: [String] = []
    /// Segment files written back without the damage (paths).
    public var segmentsRewritten: [String] = []
    public var damagedRanges: [DamagedRange] = []
    public var brokenSessions: [BrokenSession] = []
    /// Files beside segments that keep the records dropped from broken
    /// sessions (paths), whole frames in journal order.
    public var droppedRecordFiles: [String] = []
    /// Records the repaired journal holds, and the sessions they make.
    public var recordsKept = 0
    public var sessions = 0
    /// Sessions with records but no `created` record before them, which
    /// the store ignores (as it did before the repair): their `created`
    /// record was lost in damaged bytes, or a compaction dropped the
    /// session while its newest records were in the active segment.
    public var sessionsWithoutStart: [SessionWithoutStart] = []

    /// See ``sessionsWithoutStart``.
    public struct SessionWithoutStart: Sendable, Equatable {
        public var id: String
        /// Its records the journal keeps.
        public var records: Int
    }

    /// Whether the journal needed no repair.
    public var isClean: Bool { damagedRanges.isEmpty && brokenSessions.isEmpty }

    /// Records moved aside from broken sessions.
    public var recordsDropped: Int { brokenSessions.reduce(0) { $0 + $1.recordsDropped } }

    /// Damaged bytes moved aside.
    public var bytesMovedAside: Int64 { damagedRanges.reduce(0) { $0 + $1.size } }
}
