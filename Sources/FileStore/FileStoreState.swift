import Sessions

/// Everything a ``FileStore`` changes, behind its one lock. Appends hold
/// that lock for the check, the `pwrite(2)` and the index update only; fsync,
/// reading records and rewriting segments happen outside it.
struct FileStoreState {
    var index: StoreIndex
    /// Every open segment by number, the active one included.
    var segments: [UInt32: SegmentFile]
    /// The segment appends go to (the highest number).
    var active: SegmentFile
    /// Where the next record goes in `active`.
    var activeSize: Int64
    /// A failed write left bytes after `activeSize` that could not be
    /// truncated yet; the next append truncates first.
    var activeHasGarbage = false
    /// Bytes in sealed segments: what compaction would rewrite.
    var sealedBytes: Int64
    /// `sealedBytes` at open, then the size of the last compaction's
    /// output; automatic compaction waits for growth beyond it.
    var compactionBaseline: Int64
    var compactionRunning = false
    /// Counts writes, so that an fsync knows which appends it covers.
    var writtenSequence: UInt64 = 0
    var syncedSequence: UInt64 = 0
    /// Set when an fsync failed: appends refuse until the store reopens.
    var failure: StoreError?
    var closed = false
    /// The descriptor holding the directory's `flock`.
    var lockDescriptor: Int32

    init(recovered: RecoveredSegments, lockDescriptor: Int32) {
        index = recovered.index
        segments = recovered.segments
        active = recovered.active
        activeSize = recovered.activeSize
        sealedBytes = recovered.sealedBytes
        compactionBaseline = recovered.sealedBytes
        self.lockDescriptor = lockDescriptor
    }

    /// Throws unless appends and reads may proceed.
    func checkUsable() throws(StoreError) {
        if closed { throw .unavailable(reason: "the store is closed") }
        if let failure { throw failure }
    }
}
