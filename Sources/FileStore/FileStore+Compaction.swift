import Platform
import Sessions

/// Compaction, like a Redis AOF rewrite: the sealed segments are rewritten
/// into one that keeps only the records of live sessions (byte for byte),
/// while appends continue into the active segment.
///
/// Crash safety: the new file is written as `*.tmp`, fsynced, and renamed
/// over the newest sealed segment (`journal-N.seg`), then the directory is
/// fsynced, and only then are the older sealed segments deleted. The new
/// header says which segments it covers, so segments that a crash left
/// undeleted are recognised as stale and deleted at open.
extension FileStore {
    /// The sessions to keep, as decided from a snapshot of the index.
    private struct Plan {
        var sealed: [SegmentFile]
        /// Kept session -> location of its `created` record: records of the
        /// session before it belong to an earlier, dropped incarnation.
        var keep: [SessionKey: RecordLocation]
        var sessionsDropped: Int
    }

    /// Compacts the sealed segments now, on the calling thread. Sessions
    /// that have ended, or that ``FileStoreOptions/retains`` refuses, are
    /// dropped from the store first.
    @discardableResult
    public func compact() throws(StoreError) -> CompactionReport {
        try compactionMutex.withLock { (compactions) throws(StoreError) in
            compactions += 1
            guard let plan = try plan() else {
                return CompactionReport(segmentsRewritten: 0, sessionsDropped: 0, bytesBefore: 0, bytesAfter: 0)
            }
            return try rewrite(plan)
        }
    }

    /// Drops ended and unretained sessions from the index and lists the
    /// sealed segments and the sessions whose records they must keep. The
    /// `retains` predicate runs outside the lock, on a snapshot; a session
    /// that changed meanwhile (an event came) is kept.
    private func plan() throws(StoreError) -> Plan? {
        struct Candidate {
            var key: SessionKey
            var lastVersion: Int
            var lastActivity: Int64
            var ended: Bool
            var bytes: Int
            var first: RecordLocation
        }
        let (sealed, snapshot) = try state.withLock { (state) throws(StoreError) in
            try state.checkUsable()
            let active = state.active.number
            let sealed = state.segments.values.filter { $0.number != active }.sorted { $0.number < $1.number }
            var snapshot: [Candidate] = []
            if !sealed.isEmpty {
                snapshot.reserveCapacity(state.index.entries.count)
                for (key, entry) in state.index.entries {
                    guard let first = entry.locations.first else { continue }
                    snapshot.append(
                        Candidate(
                            key: key, lastVersion: entry.lastVersion, lastActivity: entry.lastActivity, ended: entry.ended,
                            bytes: entry.bytes, first: first))
                }
            }
            return (sealed, snapshot)
        }
        guard let newestSealed = sealed.last?.number else { return nil }
        var keep: [SessionKey: RecordLocation] = [:]
        var drop: [Candidate] = []
        for candidate in snapshot {
            let summary = SessionSummary(
                id: candidate.key.hex, lastVersion: candidate.lastVersion, lastActivity: candidate.lastActivity,
                ended: candidate.ended, bytes: candidate.bytes
            )
            if candidate.ended || !options.retains(summary) {
                drop.append(candidate)
            } else if candidate.first.segment <= newestSealed {
                keep[candidate.key] = candidate.first
            }
        }
        let (dropped, changed) = state.withLock { state in
            var dropped = 0
            var changed: [(SessionKey, RecordLocation)] = []
            for candidate in drop {
                guard let entry = state.index.entries[candidate.key], let first = entry.locations.first else { continue }
                if entry.lastVersion == candidate.lastVersion && first == candidate.first {
                    state.index.entries[candidate.key] = nil
                    dropped += 1
                } else {
                    changed.append((candidate.key, first))
                }
            }
            return (dropped, changed)
        }
        for (key, first) in changed where first.segment <= newestSealed {
            keep[key] = first
        }
        return Plan(sealed: sealed, keep: keep, sessionsDropped: dropped)
    }
}

extension FileStore {
    /// Writes the kept records of `plan.sealed` into a new file, puts it in
    /// place of the newest sealed segment, points the index at it and
    /// deletes the older sealed segments.
    private func rewrite(_ plan: Plan) throws(StoreError) -> CompactionReport {
        guard let oldest = plan.sealed.first, let newest = plan.sealed.last else {
            return CompactionReport(segmentsRewritten: 0, sessionsDropped: plan.sessionsDropped, bytesBefore: 0, bytesAfter: 0)
        }
        let sealedNumbers = Set(plan.sealed.map(\.number))
        let finalName = SegmentFormat.fileName(ofSegment: newest.number)
        let temporaryName = finalName + ".tmp"
        try directory.remove(temporaryName)
        let temporary = try directory.createSegmentFile(
            named: temporaryName, coversFrom: oldest.number, number: newest.number, io: options.io, durably: false
        )
        let replacement: SegmentFile
        var moved: [SessionKey: [RecordLocation]] = [:]
        var bytesBefore: Int64 = 0
        var output = BufferedSegmentWriter(file: temporary, io: options.io, size: Int64(SegmentFormat.headerSize))
        do throws(StoreError) {
            for segment in plan.sealed {
                let bytes = try segment.readAll()
                bytesBefore += Int64(bytes.count)
                let copied: Result<Void, StoreError> = bytes.withUnsafeBytes { buffer in
                    Result { () throws(StoreError) in
                        try copyKeptRecords(of: segment, in: buffer, plan: plan, into: &output, moved: &moved, target: newest.number)
                    }
                }
                try copied.get()
            }
            try output.flush()
            guard options.io.fsync(temporary.descriptor) == 0 else {
                throw .systemCall("cannot fsync \(directory.filePath(temporaryName))")
            }
            let descriptor = dup(temporary.descriptor)
            guard descriptor >= 0 else {
                throw .systemCall("cannot duplicate a descriptor")
            }
            replacement = SegmentFile(number: newest.number, name: finalName, descriptor: descriptor)
            try directory.rename(temporaryName, to: finalName)
        } catch {
            try? directory.remove(temporaryName)
            throw error
        }
        // From here the compacted segment is in place; a crash before the
        // deletions below leaves stale segments that open deletes. Until the
        // rename is durable, nothing may be deleted: a power loss could keep
        // the deletions and lose the rename.
        var renameIsDurable = true
        do { try directory.sync(io: options.io) } catch {
            renameIsDurable = false
            options.warn("compaction kept the segments it replaced: \(error); the next open deletes them")
        }
        let outputSize = output.size
        state.withLock { state in
            for number in sealedNumbers { state.segments[number] = nil }
            state.segments[newest.number] = replacement
            for (key, locations) in moved {
                state.index.entries.update(key) { entry in
                    // Records of the incarnation that was copied, not of one
                    // created after a drop during the compaction.
                    guard let first = entry.locations.first, sealedNumbers.contains(first.segment) else { return }
                    entry.locations = locations + entry.locations.drop { sealedNumbers.contains($0.segment) }
                }
            }
            state.sealedBytes += outputSize - bytesBefore
            // Growth is measured from what survived, so segments sealed
            // while this compaction ran count towards the next one.
            state.compactionBaseline = outputSize
        }
        do {
            for segment in plan.sealed where segment.number != newest.number && renameIsDurable {
                try directory.remove(segment.name)
            }
            try directory.sync(io: options.io)
        } catch {
            options.warn("compaction could not delete a replaced segment (\(error)); the next open deletes it")
        }
        return CompactionReport(
            segmentsRewritten: plan.sealed.count, sessionsDropped: plan.sessionsDropped, bytesBefore: bytesBefore, bytesAfter: outputSize
        )
    }

    private func copyKeptRecords(
        of segment: SegmentFile, in buffer: UnsafeRawBufferPointer, plan: Plan,
        into output: inout BufferedSegmentWriter, moved: inout [SessionKey: [RecordLocation]], target: UInt32
    ) throws(StoreError) {
        try SegmentScanner.forEachFrame(in: buffer) { (frame) throws(StoreError) in
            guard let created = plan.keep[frame.key] else { return }
            let location = RecordLocation(segment: segment.number, size: UInt32(frame.size), offset: Int64(frame.offset))
            guard !location.precedes(created) else { return }
            moved[frame.key, default: []].append(RecordLocation(segment: target, size: UInt32(frame.size), offset: output.size))
            try output.append(UnsafeRawBufferPointer(rebasing: buffer[frame.offset..<frame.end]))
        } damage: { (damage) throws(StoreError) in
            throw .corrupt(file: directory.filePath(segment.name), offset: Int64(damage.offset), reason: damage.reason)
        }
    }
}
