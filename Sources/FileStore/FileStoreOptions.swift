import Sessions

/// How a ``FileStore`` writes, rolls and compacts its journal.
public struct FileStoreOptions: Sendable {
    /// When appends reach the disk (Redis's `appendfsync`).
    public var fsync: FsyncPolicy = .everysec
    /// A segment is sealed and a new one started once the next record would
    /// make it larger than this. Compaction rewrites sealed segments only.
    public var segmentSize: Int = 64 << 20
    /// Seconds between background fsyncs under ``FsyncPolicy/everysec``.
    public var backgroundFsyncInterval: Double = 1
    /// Whether compaction keeps a session that has not ended, given its
    /// summary: return false for sessions idle past their TTL. Ended
    /// sessions are always dropped.
    public var retains: @Sendable (SessionSummary) -> Bool = { _ in true }
    /// Compaction starts in the background when a segment is sealed and the
    /// sealed segments have grown by this fraction beyond what the last
    /// compaction kept (at open: beyond the sealed segments found), and to
    /// at least one segment's size times `1 +` this: 1 means "doubled", like
    /// Redis's `auto-aof-rewrite-percentage 100`. Nil: only
    /// ``FileStore/compact()`` compacts.
    public var automaticCompactionGrowth: Double? = 1
    /// Seconds a readiness probe's answer is kept (``FileStore/probe()``):
    /// the probe writes and fsyncs a small file at most this often, however
    /// often `/readyz` and `/metrics` are asked.
    public var probeInterval: Double = 1
    /// Seconds a store (and a repair) waits for the directory's `LOCK`
    /// while another holder has it, before refusing with "already open". A
    /// lock outlives its holder for a moment when a process is being spawned
    /// (it holds a copy of the descriptor until its exec), so a store closed
    /// and opened again in one process may find it held; a second server on
    /// the same directory is refused after this wait.
    public var lockWait: Double = 2
    /// Receives one line per recovery action (a torn record dropped, an
    /// interrupted compaction finished) and per background failure.
    public var warn: @Sendable (String) -> Void = { _ in }
    /// The system calls that write and fsync; tests count and fail them.
    package var io = FileStoreIO.system

    public init() {}
}
