import Foundation
import Platform
import Sessions

/// The parts of an append that run under the store's lock.
extension FileStore {
    /// Writes a record's `frame` under the lock, if `expectedVersion` is
    /// the session's last, and indexes it; returns its write sequence.
    func appendFrame(
        _ frame: UnsafeRawBufferPointer, kind: JournalRecord.Kind, key: SessionKey, time: Int64, expectedVersion: Int
    ) throws(StoreError) -> UInt64 {
        try state.withLock { (state) throws(StoreError) -> UInt64 in
            try state.checkUsable()
            let entry = state.index.entries[key]
            try AppendRule.check(lastVersion: entry?.lastVersion, ended: entry?.ended ?? false, expectedVersion: expectedVersion)
            try truncateGarbage(&state)
            if state.activeSize + Int64(frame.count) > Int64(options.segmentSize),
                state.activeSize > Int64(SegmentFormat.headerSize)
            {
                try roll(&state)
            }
            let offset = try write(frame, into: &state)
            let location = RecordLocation(segment: state.active.number, size: UInt32(frame.count), offset: offset)
            state.index.apply(kind: kind, key: key, time: time, at: location)
            state.writtenSequence += 1
            return state.writtenSequence
        }
    }

    /// Writes `frame` at the end of the active segment; returns its offset.
    /// A failed or short write is truncated away, so the file never keeps a
    /// partial record and a later append (once space returns) succeeds.
    func write(_ frame: UnsafeRawBufferPointer, into state: inout FileStoreState) throws(StoreError) -> Int64 {
        let offset = state.activeSize
        let descriptor = state.active.descriptor
        if let code = options.io.writeAll(frame, to: descriptor, at: offset) {
            if ftruncate(descriptor, off_t(offset)) != 0 { state.activeHasGarbage = true }
            throw .unavailable(reason: "cannot write to \(directory.filePath(state.active.name)): \(systemErrorText(code))")
        }
        state.activeSize += Int64(frame.count)
        return offset
    }

    /// Removes what an earlier failed write left after the last record, if
    /// its own truncation failed.
    func truncateGarbage(_ state: inout FileStoreState) throws(StoreError) {
        guard state.activeHasGarbage else { return }
        guard ftruncate(state.active.descriptor, off_t(state.activeSize)) == 0 else {
            throw .systemCall("cannot truncate \(directory.filePath(state.active.name))")
        }
        state.activeHasGarbage = false
    }

    /// Seals the active segment and starts the next one; starts a
    /// compaction in the background if the sealed segments have grown
    /// enough. Holds the lock while the sealed segment is fsynced and the
    /// new file created (and fsynced, with its directory), unless the
    /// policy is `no`: once per segment.
    ///
    /// The sealed segment is on disk before the next one exists there, so
    /// that a power loss can tear only the newest segment: damage at the
    /// end of a sealed one is never a torn tail (``SegmentFormat``).
    func roll(_ state: inout FileStoreState) throws(StoreError) {
        if options.fsync != .no, options.io.fsync(state.active.descriptor) != 0 {
            let error = StoreError.unavailable(
                reason:
                    "fsync of \(directory.filePath(state.active.name)) before sealing it failed (\(systemErrorText(errno))); records may not be on disk, so appends are refused until the store is reopened"
            )
            if state.failure == nil { options.warn("\(error)") }
            state.failure = state.failure ?? error
            throw error
        }
        let number = state.active.number + 1
        let segment = try directory.createSegmentFile(
            named: SegmentFormat.fileName(ofSegment: number), coversFrom: number, number: number,
            io: options.io, durably: options.fsync != .no
        )
        state.sealedBytes += state.activeSize
        state.segments[number] = segment
        state.active = segment
        state.activeSize = Int64(SegmentFormat.headerSize)
        if claimAutomaticCompaction(&state) { compactInBackground() }
    }

    /// Whether the sealed segments have grown enough since the last
    /// compaction for an automatic one; if so, marks it running.
    private func claimAutomaticCompaction(_ state: inout FileStoreState) -> Bool {
        guard let growth = options.automaticCompactionGrowth, !state.compactionRunning, !state.closed else { return false }
        let threshold = Double(max(state.compactionBaseline, Int64(options.segmentSize))) * (1 + growth)
        guard Double(state.sealedBytes) >= threshold else { return false }
        state.compactionRunning = true
        return true
    }

    /// Seals the active segment if it holds a record, so that ``compact()``
    /// covers every record (used on a stopped store's directory).
    func sealActiveSegment() throws(StoreError) {
        try state.withLock { (state) throws(StoreError) in
            try state.checkUsable()
            guard state.activeSize > Int64(SegmentFormat.headerSize) else { return }
            try truncateGarbage(&state)
            try roll(&state)
        }
    }

    /// Compacts on a thread of its own, again as long as the sealed
    /// segments grew enough meanwhile (appends continue during a compaction).
    /// A failure is reported and retried only at the next segment roll.
    private func compactInBackground() {
        let thread = Thread { [self] in
            var again = true
            while again {
                do {
                    try compact()
                    again = state.withLock { state in
                        state.compactionRunning = false
                        return claimAutomaticCompaction(&state)
                    }
                } catch {
                    let closed = state.withLock { state in
                        state.compactionRunning = false
                        return state.closed
                    }
                    if !closed { options.warn("background compaction failed: \(error)") }
                    again = false
                }
            }
        }
        thread.name = "journal-compaction"
        thread.start()
    }
}
