import Platform
import Sessions

/// What recovery found in a data directory: the index and the open
/// segments, the last one ready for appends.
struct RecoveredSegments {
    var index = StoreIndex()
    var segments: [UInt32: SegmentFile] = [:]
    var active: SegmentFile
    var activeSize: Int64
    var sealedBytes: Int64 = 0
}

/// Opens a file store's data directory: reads every segment once (frame
/// headers and checksums), builds the index, finishes a compaction a crash
/// interrupted, and truncates a torn tail with one warning. Damage anywhere
/// else throws ``StoreError/corrupt(file:offset:reason:)``. Repairs (the
/// torn tail, stale segments, compaction's temporary files, a last segment
/// whose header a crash cut short) are made only once every segment has
/// been checked, so a refused open changes nothing.
enum SegmentRecovery {
    static func recover(_ directory: SegmentDirectory, options: FileStoreOptions) throws(StoreError) -> RecoveredSegments {
        let numbers = try directory.segmentNumbers()
        var segments: [UInt32: SegmentFile] = [:]
        var coversFrom: [UInt32: UInt32] = [:]
        var headerless: SegmentFile?
        for number in numbers {
            let segment = try directory.openSegment(number, writable: true)
            let path = directory.filePath(segment.name)
            let header = try segment.read(count: SegmentFormat.headerSize, at: 0)
            switch header.withUnsafeBytes(SegmentHeader.init) {
            case .valid(let first) where first <= number:
                coversFrom[number] = first
            case .valid(let first):
                throw .corrupt(file: path, offset: 0, reason: "segment header says it covers segments from \(first), after its own number")
            case .missing where number == numbers.last:
                headerless = segment
                coversFrom[number] = number
            case .missing:
                throw .corrupt(file: path, offset: 0, reason: "segment has no header")
            case .newerFormat(let found):
                throw .newerFormat(file: path, found: Int(found), supported: Int(SegmentFormat.version))
            case .damaged(let reason):
                throw .corrupt(file: path, offset: 0, reason: reason)
            }
            segments[number] = segment
        }
        let stale = staleSegments(numbers, coversFrom: coversFrom)
        let live = numbers.filter { !stale.contains($0) }

        var index = StoreIndex()
        var sizes: [UInt32: Int64] = [:]
        var tornTail: (segment: SegmentFile, size: Int64, warning: String)?
        for number in live {
            guard let segment = segments[number], segment !== headerless else { continue }
            let (size, warning) = try replay(segment, into: &index, isLast: number == live.last, directory: directory)
            sizes[number] = size
            if let warning { tornTail = (segment, size, warning) }
        }

        // Every segment is checked: now repair what crashes left.
        try removeLeftovers(directory, stale: stale, options: options)
        if let headerless { try rewriteHeader(of: headerless, path: directory.filePath(headerless.name), options: options) }
        if let tornTail {
            try truncate(tornTail.segment, to: tornTail.size, path: directory.filePath(tornTail.segment.name), options: options)
            options.warn(tornTail.warning)
        }
        for number in stale { segments[number] = nil }

        guard let last = live.last, let active = segments[last] else {
            let first = try directory.createSegmentFile(
                named: SegmentFormat.fileName(ofSegment: 1), coversFrom: 1, number: 1, io: options.io, durably: options.fsync != .no
            )
            return RecoveredSegments(segments: [1: first], active: first, activeSize: Int64(SegmentFormat.headerSize))
        }
        let activeSize = sizes[last] ?? Int64(SegmentFormat.headerSize)
        let sealedBytes = sizes.reduce(0) { $0 + ($1.key == last ? 0 : $1.value) }
        return RecoveredSegments(index: index, segments: segments, active: active, activeSize: activeSize, sealedBytes: sealedBytes)
    }

    /// Deletes compaction's temporary files and the `stale` segments.
    private static func removeLeftovers(_ directory: SegmentDirectory, stale: [UInt32], options: FileStoreOptions) throws(StoreError) {
        for name in try directory.fileNames() where name.hasSuffix(".tmp") {
            try directory.remove(name)
        }
        guard !stale.isEmpty else { return }
        for number in stale {
            try directory.remove(SegmentFormat.fileName(ofSegment: number))
        }
        try directory.sync(io: options.io)
        let names = stale.sorted().map { SegmentFormat.fileName(ofSegment: $0) }.joined(separator: ", ")
        options.warn(
            "\(directory.path): finished a compaction interrupted by a crash: deleted \(names), whose records a compacted segment holds")
    }

    /// Segments that a later, compacted segment covers: a crash came
    /// between the compacted segment's rename and their deletion.
    static func staleSegments(_ numbers: [UInt32], coversFrom: [UInt32: UInt32]) -> [UInt32] {
        var lowestCovered = UInt32.max
        var stale: [UInt32] = []
        for number in numbers.reversed() {
            if number >= lowestCovered {
                stale.append(number)
            } else {
                lowestCovered = min(lowestCovered, coversFrom[number] ?? number)
            }
        }
        return stale
    }

    /// Adds the segment's records to `index`. Returns the segment's size
    /// without a torn tail (only the last segment may have one) and the
    /// warning to give when that tail is truncated.
    private static func replay(
        _ segment: SegmentFile, into index: inout StoreIndex, isLast: Bool, directory: SegmentDirectory
    ) throws(StoreError) -> (size: Int64, warning: String?) {
        let path = directory.filePath(segment.name)
        let bytes = try segment.readAll()
        let outcome: Result<(Int64, String?), StoreError> = bytes.withUnsafeBytes { buffer in
            var scanner = SegmentScanner(bytes: buffer)
            while true {
                switch scanner.next() {
                case .end:
                    return .success((Int64(buffer.count), nil))
                case .frame(let frame):
                    if let reason = index.replay(frame, segment: segment.number) {
                        return .failure(.corrupt(file: path, offset: Int64(frame.offset), reason: reason))
                    }
                case .damage(let damage) where isLast && damage.reachesEnd:
                    let warning =
                        "\(path): dropped a torn record at offset \(damage.offset) (\(damage.reason); \(buffer.count - damage.offset) bytes): a write cut short by a crash; every record before it is kept"
                    return .success((Int64(damage.offset), warning))
                case .damage(let damage):
                    return .failure(.corrupt(file: path, offset: Int64(damage.offset), reason: damage.reason))
                }
            }
        }
        return try outcome.get()
    }

    private static func truncate(_ segment: SegmentFile, to size: Int64, path: String, options: FileStoreOptions) throws(StoreError) {
        guard ftruncate(segment.descriptor, off_t(size)) == 0, options.io.fsync(segment.descriptor) == 0 else {
            throw .systemCall("cannot truncate the torn tail of \(path)")
        }
    }

    private static func rewriteHeader(of segment: SegmentFile, path: String, options: FileStoreOptions) throws(StoreError) {
        let header = SegmentFormat.header(coversFrom: segment.number)
        guard ftruncate(segment.descriptor, 0) == 0 else {
            throw .systemCall("cannot truncate \(path)")
        }
        if let code = header.withUnsafeBytes({ options.io.writeAll($0, to: segment.descriptor, at: 0) }) {
            throw .unavailable(reason: "cannot write \(path): \(systemErrorText(code))")
        }
        guard options.io.fsync(segment.descriptor) == 0 else {
            throw .systemCall("cannot fsync \(path)")
        }
        options.warn("\(path): the segment header was cut short by a crash; rewrote it (the segment held no record)")
    }
}
