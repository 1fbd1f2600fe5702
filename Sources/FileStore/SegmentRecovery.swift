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
/// interrupted, and moves a torn tail aside with one warning. Damage
/// anywhere else throws ``StoreError/corrupt(file:offset:reason:)``.
/// Repairs (the torn tail, stale segments, temporary files, a last segment
/// whose header a crash cut short) are made only once every segment has
/// been checked, so a refused open changes nothing.
enum SegmentRecovery {
    /// Bytes at the end of the last segment in which no record starts.
    struct TornTail {
        var segment: SegmentFile
        var offset: Int
        var bytes: [UInt8]
        var reason: String
    }

    static func recover(_ directory: SegmentDirectory, options: FileStoreOptions) throws(StoreError) -> RecoveredSegments {
        let numbers = try directory.segmentNumbers()
        var segments: [UInt32: SegmentFile] = [:]
        var coversFrom: [UInt32: UInt32] = [:]
        var headerless: SegmentFile?
        for number in numbers {
            let segment = try directory.openSegment(number, writable: true)
            let path = directory.filePath(segment.name)
            let header = try segment.read(count: SegmentFormat.headerSize, at: 0)
            let reading = header.withUnsafeBytes(SegmentHeader.init)
            if let first = try reading.firstCoveredSegment(of: number, isLast: number == numbers.last, file: path) {
                coversFrom[number] = first
            } else {
                // Rewriting the header drops the rest of the file: only
                // when nothing but zeros follows (a segment being created).
                guard try !segment.readAll().dropFirst(SegmentFormat.headerSize).contains(where: { $0 != 0 }) else {
                    throw .corrupt(file: path, offset: 0, reason: "segment has no header, but bytes after it")
                }
                headerless = segment
                coversFrom[number] = number
            }
            segments[number] = segment
        }
        let stale = staleSegments(numbers, coversFrom: coversFrom)
        let live = numbers.filter { !stale.contains($0) }

        var index = StoreIndex()
        var sizes: [UInt32: Int64] = [:]
        var tornTail: TornTail?
        for number in live {
            guard let segment = segments[number], segment !== headerless else { continue }
            let (size, tail) = try replay(segment, into: &index, isLast: number == live.last, directory: directory)
            sizes[number] = size
            if let tail { tornTail = tail }
        }

        // Every segment is checked: now repair what crashes left.
        try removeLeftovers(directory, stale: stale, options: options)
        if let headerless { try rewriteHeader(of: headerless, path: directory.filePath(headerless.name), options: options) }
        if let tornTail { try moveAside(tornTail, in: directory, options: options) }
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
    /// without a torn tail (only the last segment may have one) and that tail.
    private static func replay(
        _ segment: SegmentFile, into index: inout StoreIndex, isLast: Bool, directory: SegmentDirectory
    ) throws(StoreError) -> (size: Int64, tail: TornTail?) {
        let path = directory.filePath(segment.name)
        let bytes = try segment.readAll()
        let outcome: Result<(Int64, TornTail?), StoreError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(StoreError) in
                var tail: TornTail?
                try SegmentScanner.forEachFrame(in: buffer) { (frame) throws(StoreError) in
                    if let reason = index.replay(frame, segment: segment.number) {
                        throw .corrupt(file: path, offset: Int64(frame.offset), reason: reason)
                    }
                } damage: { (damage) throws(StoreError) in
                    guard isLast && damage.isTail else { throw .corrupt(file: path, offset: Int64(damage.offset), reason: damage.reason) }
                    tail = TornTail(segment: segment, offset: damage.offset, bytes: Array(buffer[damage.offset...]), reason: damage.reason)
                    return .stop
                }
                return (tail.map { Int64($0.offset) } ?? Int64(buffer.count), tail)
            }
        }
        return try outcome.get()
    }

    /// Keeps the tail's bytes in a file beside the segment, durably, then
    /// truncates the segment to its last record: a crash in between leaves
    /// the tail in both, and the next open moves it aside again.
    private static func moveAside(_ tail: TornTail, in directory: SegmentDirectory, options: FileStoreOptions) throws(StoreError) {
        let path = directory.filePath(tail.segment.name)
        let kept = try directory.writeNewFile(
            named: SegmentFormat.damagedFileName(of: tail.segment.name, offset: tail.offset), tail.bytes[...], io: options.io)
        guard ftruncate(tail.segment.descriptor, off_t(tail.offset)) == 0, options.io.fsync(tail.segment.descriptor) == 0 else {
            throw .systemCall("cannot truncate the torn tail of \(path)")
        }
        options.warn(
            "\(path): moved a torn tail aside: \(tail.bytes.count) bytes at offset \(tail.offset) (\(tail.reason)) hold no record; they are in \(directory.filePath(kept)), and every record before them is kept"
        )
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
