import Coordination

/// One session's journal, decoded: what it was started with and the changes
/// it accepted (events and effect outcomes), in order. What replay rebuilds
/// a ``Session`` from.
public struct SessionRecording: Sendable, Equatable {
    public let sessionID: String
    /// What it was started with: flow, flow version, context, owner. After
    /// a migration (a `migrated` record), what the newer flow version
    /// started it with.
    public let start: SessionStart
    /// The version its start made: 1, or the version of its last migration.
    public let firstVersion: Int
    public var flow: String { start.flow }
    public var flowVersion: Int { start.flowVersion }
    public var context: JSONObject { start.context }
    /// When it was started: the created record's time, or its last
    /// migration's, in milliseconds since 1970.
    public let createdAt: Int64
    /// The accepted changes since its start (its last migration, if any),
    /// with their times: events (deep links' openings among them,
    /// ``ClientEvent/link``) and effect outcomes.
    public let changes: [RecordedChange]
    /// The digest of the document each of ``changes`` produced, in the
    /// same order; nil for a record written before digests existed.
    public let digests: [DocumentDigest?]
    /// The digest of the document its start produced (the created record's,
    /// or its last migration's), if recorded.
    public let startDigest: DocumentDigest?
    /// The client events among ``changes``.
    public var events: [ClientEvent] { changes.compactMap(\.event) }
    /// Set when the journal's last record closes it.
    public let endReason: JournalEntry.EndReason?
    /// The version of the last record (the session's version, or one more
    /// when the journal is closed).
    public let lastVersion: Int
    /// Wall-clock milliseconds of the last record.
    public let lastTime: Int64

    /// Decodes `records`, which must be one session's, from its `created`
    /// record on, in order.
    public init(_ records: [JournalRecord]) throws(JournalEntryError) {
        guard let first = records.first else {
            throw JournalEntryError(JournalRecord(sessionID: "", version: 0, kind: .created, time: 0, body: []), "the journal is empty")
        }
        let opening = try JournalEntry.decoding(first)
        guard case .created(let start) = opening.entry else {
            throw JournalEntryError(first, "a journal must start with a created record")
        }
        var changes: [RecordedChange] = []
        var digests: [DocumentDigest?] = []
        var endReason: JournalEntry.EndReason?
        var (latestStart, startTime, firstVersion, startDigest) = (start, first.time, 1, opening.digest)
        for record in records.dropFirst() {
            guard endReason == nil else { throw JournalEntryError(record, "a record follows the journal's ended record") }
            let (entry, patches, digest) = try JournalEntry.decoding(record)
            switch entry {
            case .event, .link, .outcome:
                if let change = entry.recordedChange(at: record.time, patches: patches) {
                    changes.append(change)
                    digests.append(digest)
                }
            case .ended(let reason): endReason = reason
            case .migrated(let migrated, _):
                (latestStart, startTime, firstVersion, startDigest) = (migrated, record.time, record.version, digest)
                changes = []
                digests = []
            case .created: throw JournalEntryError(record, "a second created record")
            }
        }
        self.digests = digests
        self.startDigest = startDigest
        self.sessionID = first.sessionID
        self.start = latestStart
        self.firstVersion = firstVersion
        self.createdAt = startTime
        self.changes = changes
        self.endReason = endReason
        self.lastVersion = records.last?.version ?? 1
        self.lastTime = records.last?.time ?? first.time
    }
}
