import Sessions

/// The sessions a file store's data directory holds, read without its
/// `LOCK` and without repairing anything, so that a server may be running on
/// it: what `navigation-server journal list` and `print` show.
///
/// Opening reads every segment once, like ``FileStore`` does, and keeps the
/// segment files open: ``records(of:after:)`` reads from them later, so a
/// compaction that replaces or deletes them meanwhile changes nothing here.
/// A segment deleted between listing the directory and opening it makes the
/// snapshot start over once.
public final class FileStoreSnapshot: Sendable {
    /// The data directory.
    public let path: String
    /// Segment files read, in journal order (paths).
    public let segmentFiles: [String]
    /// Bytes of those segment files.
    public let segmentBytes: Int64
    /// One line when the end of the last segment holds bytes that are no
    /// record, left out: a record a server is writing right now, or a torn
    /// tail a crash left (which the server's next open moves aside).
    public let warnings: [String]
    private let index: StoreIndex
    private let files: [UInt32: SegmentFile]
    let directory: SegmentDirectory

    /// Reads the journal in `path`, which must exist.
    /// - Throws: ``StoreError/corrupt(file:offset:reason:)`` for damage
    ///   before the end of the journal (the place ``FileStore`` would refuse
    ///   to open at), ``StoreError/newerFormat(file:found:supported:)``,
    ///   ``StoreError/unavailable(reason:)`` if the directory cannot be read.
    public convenience init(directory path: String) throws(StoreError) {
        try self.init(directory: path) { (directory) throws(StoreError) in try directory.segmentNumbers() }
    }

    /// Like ``init(directory:)``, with the listing of segment numbers passed
    /// in, so that tests can compact between the listing and the reading.
    init(directory path: String, listing: (SegmentDirectory) throws(StoreError) -> [UInt32]) throws(StoreError) {
        let directory = try SegmentDirectory(path: path, create: false)
        let contents = try directory.readListedSegments(listing: listing) { (numbers) throws(StoreError) in
            try Self.read(directory, numbers: numbers)
        }
        self.path = path
        self.directory = directory
        index = contents.index
        files = contents.files
        segmentFiles = contents.order.map { directory.filePath(SegmentFormat.fileName(ofSegment: $0)) }
        segmentBytes = contents.bytes
        warnings = contents.warnings
    }

    /// Every session in the journal, ended ones included (until compaction
    /// drops them).
    public func sessions() -> [SessionSummary] {
        index.entries.map { $0.value.summary(id: $0.key) }
    }

    /// The summary of one session, or nil if the journal does not hold it.
    public func summary(of id: String) -> SessionSummary? {
        guard let key = SessionKey(hex: id) else { return nil }
        return index.entries[key]?.summary(id: key)
    }

    /// The session's records with a version greater than `version`, in order.
    /// - Throws: ``StoreError/notFound`` if the journal does not hold the session.
    public func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        guard let key = SessionKey(hex: id), let entry = index.entries[key] else { throw .notFound }
        var records: [JournalRecord] = []
        for location in entry.locations.dropFirst(max(0, version)) {
            records.append(try record(at: location))
        }
        return records
    }

    /// The session's first record (its `created` record, which names the flow).
    /// - Throws: ``StoreError/notFound`` if the journal does not hold the session.
    public func firstRecord(of id: String) throws(StoreError) -> JournalRecord {
        guard let key = SessionKey(hex: id), let location = index.entries[key]?.locations.first else { throw .notFound }
        return try record(at: location)
    }

    /// The record the session was last started by: its `created` record,
    /// or its last `migrated` one (``SessionStore/startRecord(of:)``).
    /// - Throws: ``StoreError/notFound`` if the journal does not hold the session.
    public func startRecord(of id: String) throws(StoreError) -> JournalRecord {
        guard let key = SessionKey(hex: id), let entry = index.entries[key],
            entry.locations.indices.contains(Int(entry.startVersion) - 1)
        else { throw .notFound }
        return try record(at: entry.locations[Int(entry.startVersion) - 1])
    }

    private func record(at location: RecordLocation) throws(StoreError) -> JournalRecord {
        guard let file = files[location.segment] else {
            throw .unavailable(reason: "segment \(location.segment) is not open")
        }
        return try file.record(at: location, path: directory.filePath(file.name))
    }

    private struct Contents {
        var index = StoreIndex()
        var files: [UInt32: SegmentFile] = [:]
        var order: [UInt32] = []
        var bytes: Int64 = 0
        var warnings: [String] = []
    }

    /// Opens every segment first, then reads them: a file replaced after it
    /// was opened is read as it was. Nil if a listed segment is gone.
    private static func read(_ directory: SegmentDirectory, numbers: [UInt32]) throws(StoreError) -> Contents? {
        var opened: [SegmentFile] = []
        for number in numbers {
            guard let segment = try directory.openSegmentIfPresent(number) else { return nil }
            opened.append(segment)
        }
        var contents = Contents()
        var coversFrom: [UInt32: UInt32] = [:]
        var readable: [UInt32: [UInt8]] = [:]
        for segment in opened {
            let file = directory.filePath(segment.name)
            let bytes = try segment.readAll()
            let header = bytes.withUnsafeBytes(SegmentHeader.init)
            if let first = try header.firstCoveredSegment(of: segment.number, isLast: segment.number == numbers.last, file: file) {
                coversFrom[segment.number] = first
                readable[segment.number] = bytes
            } else {
                coversFrom[segment.number] = segment.number  // no header yet, so no records
            }
            contents.files[segment.number] = segment
        }
        let stale = Set(SegmentRecovery.staleSegments(numbers, coversFrom: coversFrom))
        let live = numbers.filter { !stale.contains($0) }
        for number in live {
            contents.order.append(number)
            guard let bytes = readable[number] else { continue }
            contents.bytes += Int64(bytes.count)
            let file = directory.filePath(SegmentFormat.fileName(ofSegment: number))
            let outcome = bytes.withUnsafeBytes { buffer in
                replay(buffer, file: file, segment: number, isLast: number == live.last, into: &contents)
            }
            try outcome.get()
        }
        for number in stale { contents.files[number] = nil }
        return contents
    }

    private static func replay(
        _ buffer: UnsafeRawBufferPointer, file: String, segment: UInt32, isLast: Bool, into contents: inout Contents
    ) -> Result<Void, StoreError> {
        Result { () throws(StoreError) in
            try SegmentScanner.forEachFrame(in: buffer) { (frame) throws(StoreError) in
                if let reason = contents.index.replay(frame, segment: segment) {
                    throw .corrupt(file: file, offset: Int64(frame.offset), reason: reason)
                }
            } damage: { (damage) throws(StoreError) in
                guard isLast && damage.isTail else { throw .corrupt(file: file, offset: Int64(damage.offset), reason: damage.reason) }
                contents.warnings.append(
                    "\(file) at offset \(damage.offset): left out \(damage.size) bytes at the end that hold no record (\(damage.reason)): a server is writing a record, or a crash left them"
                )
                return .stop
            }
        }
    }
}
