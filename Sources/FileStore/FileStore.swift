import Platform
import Sessions

/// A ``SessionStore`` in append-only segment files in a data directory
/// (format: ``SegmentFormat``).
///
/// Opening reads every segment once (frame headers and checksums, not
/// bodies) to build an index of sessions; ``records(of:after:)`` then reads
/// only the records asked for. An append writes its record with one
/// `pwrite(2)` under the store's lock (the conditional check and the index
/// update share that short critical section) and fsyncs per the
/// ``FsyncPolicy`` outside it. Compaction rewrites sealed segments in the
/// background while appends continue.
///
/// One store per directory: the directory's `LOCK` file is held with
/// `flock` until ``close()``.
public final class FileStore: SessionStore {
    /// The data directory.
    public let path: String
    let options: FileStoreOptions
    let directory: SegmentDirectory
    let state: Locked<FileStoreState>
    /// Held for a whole compaction, so that compactions run one at a time
    /// and ``close()`` can wait for one under way; counts the compactions
    /// run. Not a `Locked<Void>`: ThreadSanitizer
    /// reported accesses to a zero-sized value behind the lock as racing
    /// (the address of an empty value is not the value's own).
    let compactionMutex = Locked(0)
    private let groupCommit = GroupCommit()
    private let syncer = Locked<BackgroundSyncer?>(nil)
    private let directoryProbe: DirectoryProbe

    /// Opens the journal in `path`, creating the directory if missing.
    /// - Throws: ``StoreError/corrupt(file:offset:reason:)`` for damage
    ///   before the end of the journal, ``StoreError/newerFormat(file:found:supported:)``,
    ///   ``StoreError/unavailable(reason:)`` if the directory cannot be used
    ///   or another store holds it.
    public init(directory path: String, options: FileStoreOptions = FileStoreOptions()) throws(StoreError) {
        self.path = path
        self.options = options
        directory = try SegmentDirectory(path: path, create: true)
        let lockDescriptor = try directory.lock(waitingUpTo: options.lockWait)
        let recovered: RecoveredSegments
        do {
            recovered = try SegmentRecovery.recover(directory, options: options)
        } catch {
            closeDescriptor(lockDescriptor)
            throw error
        }
        state = Locked(FileStoreState(recovered: recovered, lockDescriptor: lockDescriptor))
        directoryProbe = DirectoryProbe(directory: directory, options: options)
        if options.fsync == .everysec {
            let syncer = BackgroundSyncer(interval: options.backgroundFsyncInterval) { [weak self] in
                _ = self?.syncWritten()
            }
            self.syncer.withLock { $0 = syncer }
        }
    }

    deinit {
        shutdown(flush: true)
    }

    public func sessions() -> [SessionSummary] {
        summaries { _, _ in true }
    }

    public func sessions(endedOrIdleBefore idleBefore: Int64) -> [SessionSummary] {
        summaries { lastActivity, ended in ended || lastActivity < idleBefore }
    }

    /// The summaries of the indexed sessions `included` picks, built only
    /// for those. The lock is taken once per shard of the index, so appends
    /// wait for a shard's scan, not for all of it; the list is not one
    /// instant's (a session appended to meanwhile may show either summary).
    private func summaries(of included: (_ lastActivity: Int64, _ ended: Bool) -> Bool) -> [SessionSummary] {
        var found: [SessionSummary] = []
        for number in 0..<StoreIndexEntries.shardCount {
            found += state.withLock { state in state.index.entries.summaries(inShard: number, where: included) }
        }
        return found
    }

    public func summary(of id: String) -> SessionSummary? {
        guard let key = SessionKey(hex: id) else { return nil }
        return summary(of: id, key: key)
    }

    /// `key` is `id` parsed (only 32 lowercase hex digits parse): `id` is
    /// the key's spelling, given to the summary as it is.
    public func summary(of id: String, key: SessionKey) -> SessionSummary? {
        state.withLock { state in state.index.entries.summary(of: key, id: id) }
    }

    public func append(_ record: JournalRecord, expectedVersion: Int) throws(StoreError) {
        // Validated and parsed once: the key is what the index and the frame use.
        try appendValidated(record, expectedVersion: expectedVersion, key: record.validatedKey(expectedVersion: expectedVersion))
    }

    public func append(_ record: JournalRecord, expectedVersion: Int, key: SessionKey) throws(StoreError) {
        try record.validate(expectedVersion: expectedVersion, key: key)
        try appendValidated(record, expectedVersion: expectedVersion, key: key)
    }

    private func appendValidated(_ record: JournalRecord, expectedVersion: Int, key: SessionKey) throws(StoreError) {
        let (kind, time) = (record.kind, record.time)
        let sequence: UInt64
        do {
            sequence = try SegmentFormat.withFrame(of: record, key: key) { (frame) throws(StoreError) -> UInt64 in
                try appendFrame(frame, kind: kind, key: key, time: time, expectedVersion: expectedVersion)
            }
        } catch {
            if case .unavailable = error { directoryProbe.appendFailed() }
            throw error
        }
        directoryProbe.appendSucceeded()
        if options.fsync == .always {
            try groupCommit.waitUntilDurable(sequence) { syncWritten() }
        }
    }

    public func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        let (locations, files) = try state.withLock { (state) throws(StoreError) in
            try state.checkUsable()
            guard let key = SessionKey(hex: id), let entry = state.index.entries[key] else { throw .notFound }
            let locations = Array(entry.locations.dropFirst(max(0, version)))
            var files: [UInt32: SegmentFile] = [:]
            for location in locations { files[location.segment] = state.segments[location.segment] }
            return (locations, files)
        }
        // Read outside the lock: the references keep a segment that
        // compaction replaces readable until this returns.
        var records: [JournalRecord] = []
        records.reserveCapacity(locations.count)
        // Runs of records that follow each other in one segment are read
        // with one pread: a session's events, written while it was busy, mostly are.
        var runStart = locations.startIndex
        while runStart < locations.endIndex {
            var runEnd = runStart + 1
            while runEnd < locations.endIndex, locations[runEnd].segment == locations[runStart].segment,
                locations[runEnd].offset == locations[runEnd - 1].offset + Int64(locations[runEnd - 1].size),
                locations[runEnd].offset - locations[runStart].offset < Self.maximumReadRun
            {
                runEnd += 1
            }
            guard let file = files[locations[runStart].segment] else {
                throw .unavailable(reason: "segment \(locations[runStart].segment) is not open")
            }
            records += try file.records(atAdjacent: locations[runStart..<runEnd], path: directory.filePath(file.name))
            runStart = runEnd
        }
        return records
    }

    /// Reads the start record alone (``SessionStore/startRecord(of:)``),
    /// which the index knows.
    public func startRecord(of id: String) throws(StoreError) -> JournalRecord? {
        let found = try state.withLock { (state) throws(StoreError) -> (RecordLocation, SegmentFile?)? in
            try state.checkUsable()
            guard let key = SessionKey(hex: id), let entry = state.index.entries[key] else { return nil }
            let index = Int(entry.startVersion) - 1
            guard entry.locations.indices.contains(index) else { return nil }
            let location = entry.locations[index]
            return (location, state.segments[location.segment])
        }
        guard let (location, file) = found else { return nil }
        guard let file else { throw .unavailable(reason: "segment \(location.segment) is not open") }
        return try file.records(atAdjacent: [location][...], path: directory.filePath(file.name)).first
    }

    /// The most bytes one read of adjacent records spans.
    static let maximumReadRun: Int64 = 1 << 20

    /// Whether a record can be written now, asked of the disk rather than
    /// remembered from the last append, so that `/readyz` follows a disk
    /// that fills up or frees space, or a file system remounted read-only
    /// and back, without waiting for a request (``DirectoryProbe``).
    /// - Throws: ``StoreError/unavailable(reason:)`` when the store is
    ///   closed, an fsync failed (appends are refused until a reopen), or a
    ///   probe file cannot be written and fsynced.
    @discardableResult
    public func probe() throws(StoreError) -> Bool {
        try state.withLock { (state) throws(StoreError) in try state.checkUsable() }
        try directoryProbe.check()
        return true
    }

    public func drop(_ id: String) {
        guard let key = SessionKey(hex: id) else { return }
        state.withLock { state in state.index.entries[key] = nil }
    }

    /// Stops the background fsync thread, waits for a compaction under way,
    /// fsyncs what was written (whatever the policy, as Redis does at
    /// shutdown) and releases the directory.
    public func close() {
        shutdown(flush: true)
    }

    /// Like a `kill -9`: releases everything without an fsync. For tests of
    /// what a crash leaves.
    func simulateCrash() {
        shutdown(flush: false)
    }

    private func shutdown(flush: Bool) {
        let wasOpen = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        guard wasOpen else { return }
        syncer.withLock { syncer in
            syncer?.stop()
            syncer = nil
        }
        compactionMutex.withLock { _ in }
        if flush { _ = syncWritten() }
        state.withLock { state in
            closeDescriptor(state.lockDescriptor)
            state.lockDescriptor = -1
        }
    }

    /// Fsyncs the active segment if it was written since the last fsync;
    /// returns the write sequence it covered. A failure is warned about once and leaves the
    /// store refusing appends (see ``GroupCommit``).
    func syncWritten() -> Result<UInt64, StoreError> {
        let snapshot = state.withLock { (state) -> Result<(UInt64, [SegmentFile]), StoreError> in
            if let failure = state.failure { return .failure(failure) }
            // Sealed segments were fsynced when they were sealed (``roll(_:)``).
            let files = state.writtenSequence == state.syncedSequence ? [] : [state.active]
            return .success((state.writtenSequence, files))
        }
        guard case .success(let (sequence, files)) = snapshot else { return snapshot.map(\.0) }
        for file in files {
            guard options.io.fsync(file.descriptor) != 0 else { continue }
            let code = errno
            let error = StoreError.unavailable(
                reason:
                    "fsync of \(directory.filePath(file.name)) failed (\(systemErrorText(code))); records may not be on disk, so appends are refused until the store is reopened"
            )
            let first = state.withLock { state in
                defer { state.failure = state.failure ?? error }
                return state.failure == nil
            }
            if first { options.warn("\(error)") }
            return .failure(error)
        }
        state.withLock { $0.syncedSequence = max($0.syncedSequence, sequence) }
        return .success(sequence)
    }
}
