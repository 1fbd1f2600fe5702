import Sessions

extension FileStore {
    /// Checks every segment in `path` without modifying anything (a store
    /// may have it open): every torn tail and every damaged range is
    /// reported with its file, offset and size. After damage the scan
    /// resumes at the next record.
    /// - Throws: ``StoreError/unavailable(reason:)`` if the directory cannot
    ///   be read.
    ///
    /// A running server may compact meanwhile: a segment deleted between
    /// listing the directory and opening it makes `verify` start over once.
    public static func verify(directory path: String) throws(StoreError) -> FileStoreVerification {
        try verify(directory: path) { (directory) throws(StoreError) in try directory.segmentNumbers() }
    }

    /// ``verify(directory:)`` with the listing of segment numbers passed in,
    /// so that tests can compact between the listing and the reading.
    static func verify(
        directory path: String, listing: (SegmentDirectory) throws(StoreError) -> [UInt32]
    ) throws(StoreError) -> FileStoreVerification {
        let directory = try SegmentDirectory(path: path, create: false)
        return try directory.readListedSegments(listing: listing) { (numbers) throws(StoreError) in
            try verify(directory, numbers: numbers)
        }
    }

    /// The report on segments `numbers`, or nil if one of them is gone.
    private static func verify(_ directory: SegmentDirectory, numbers: [UInt32]) throws(StoreError) -> FileStoreVerification? {
        var report = FileStoreVerification()
        var coversFrom: [UInt32: UInt32] = [:]
        var readable: [UInt32: [UInt8]] = [:]
        for number in numbers {
            let file = directory.filePath(SegmentFormat.fileName(ofSegment: number))
            guard let segment = try directory.openSegmentIfPresent(number) else { return nil }
            let bytes = try segment.readAll()
            switch bytes.withUnsafeBytes(SegmentHeader.init) {
            case .valid(let first):
                coversFrom[number] = first
                readable[number] = bytes
            case .missing:
                let kind: FileStoreVerification.Problem.Kind = number == numbers.last ? .torn : .corrupt
                report.problems.append(.init(file: file, offset: 0, kind: kind, reason: "segment has no header"))
            case .newerFormat(let found):
                let reason = "journal format \(found); this build reads format \(SegmentFormat.version) at most"
                report.problems.append(.init(file: file, offset: 0, kind: .newerFormat, reason: reason))
            case .damaged(let reason):
                report.problems.append(.init(file: file, offset: 0, kind: .corrupt, reason: reason))
            }
        }
        let stale = SegmentRecovery.staleSegments(numbers, coversFrom: coversFrom)
        report.staleSegments = stale.sorted().map { directory.filePath(SegmentFormat.fileName(ofSegment: $0)) }
        let live = numbers.filter { !stale.contains($0) }
        var index = StoreIndex()
        for number in live {
            guard let bytes = readable[number] else { continue }
            let file = directory.filePath(SegmentFormat.fileName(ofSegment: number))
            report.segments.append(file)
            bytes.withUnsafeBytes { buffer in
                check(buffer, file: file, segment: number, isLast: number == live.last, index: &index, report: &report)
            }
        }
        report.sessions = index.entries.count
        return report
    }

    private static func check(
        _ buffer: UnsafeRawBufferPointer, file: String, segment: UInt32, isLast: Bool,
        index: inout StoreIndex, report: inout FileStoreVerification
    ) {
        SegmentScanner.forEachFrame(in: buffer) { frame in
            report.records += 1
            // After damage, a session's next record may follow one that
            // was lost: its sequence proves nothing more.
            guard report.problems.isEmpty else { return }
            if let reason = index.replay(frame, segment: segment) {
                report.problems.append(.init(file: file, offset: Int64(frame.offset), kind: .corrupt, reason: reason))
            }
        } damage: { damage in
            let kind: FileStoreVerification.Problem.Kind = isLast && damage.isTail ? .torn : .corrupt
            report.problems.append(
                .init(file: file, offset: Int64(damage.offset), kind: kind, reason: damage.reason, size: Int64(damage.size)))
            return .resume
        }
    }

    /// Whether a store (in this process or another: a running server) has
    /// the journal in `path` open, i.e. holds its `LOCK`. Changes nothing.
    /// - Throws: ``StoreError/unavailable(reason:)`` if `path` cannot be opened.
    public static func isOpen(directory path: String) throws(StoreError) -> Bool {
        try SegmentDirectory(path: path, create: false).isLocked()
    }

    /// Compacts the journal in `path` while no server has it open: seals the
    /// last segment so that every record is rewritten, drops ended sessions
    /// and those `options.retains` refuses, and closes.
    /// - Throws: ``StoreError/unavailable(reason:)`` if a store has the
    ///   directory open, and whatever opening it throws.
    @discardableResult
    public static func compact(
        directory path: String, options: FileStoreOptions = FileStoreOptions()
    ) throws(StoreError) -> CompactionReport {
        var options = options
        options.automaticCompactionGrowth = nil
        let store = try FileStore(directory: path, options: options)
        defer { store.close() }
        try store.sealActiveSegment()
        return try store.compact()
    }
}
