import Platform
import Sessions

/// `navigation-server journal repair`, like `redis-check-aof --fix`: cuts
/// every damaged range out of a stopped server's journal, keeping every
/// record it can read before and after it.
///
/// - Each segment is scanned; after bytes that are no record, the scan
///   resumes at the next offset where a whole record starts (its length
///   and payload checksums pass). A segment header that cannot be read is
///   damage too, and is replaced by one that covers only its own segment.
/// - Replay needs consecutive versions, so a session one of whose records
///   was lost keeps its records up to the gap; the rest are dropped (whole,
///   into a `.dropped-OFFSET` file beside the segment) and reported.
/// - Damaged bytes go into `.damaged-OFFSET` files beside their segment.
/// - Every file is written as `*.tmp`, fsynced and renamed, and the
///   directory fsynced; the side files are durable before any segment is
///   replaced, and a segment is replaced in one rename, so a crash at any
///   point loses nothing (a rerun finishes the work).
///
/// Records of a kind this build does not know (a newer build wrote them)
/// are not damage: repair refuses rather than drop them.
enum JournalRepair {
    static func repair(_ directory: SegmentDirectory, options: FileStoreOptions) throws(StoreError) -> JournalRepairReport {
        var plans = try plan(directory)
        var report = JournalRepairReport()
        report.segments = plans.map { directory.filePath($0.segment.name) }
        var chains = RepairChains()
        for index in plans.indices {
            try scan(&plans[index], chains: &chains, path: directory.filePath(plans[index].segment.name))
        }
        report.recordsKept = plans.reduce(0) { $0 + $1.kept.count }
        report.sessions = chains.index.entries.count
        report.sessionsWithoutStart = chains.orphans.map { .init(id: $0.key.hex, records: $0.records) }
        report.brokenSessions = chains.gaps.map { gap in
            .init(id: gap.key.hex, lastVersionKept: gap.lastVersionKept, recordsDropped: gap.recordsDropped, reason: gap.reason)
        }
        // The bytes taken out are on disk beside their segments before any
        // segment is replaced.
        for plan in plans where plan.isChanged {
            let name = plan.segment.name
            for (range, reason) in plan.damaged {
                let kept = try directory.writeNewFile(
                    named: SegmentFormat.damagedFileName(of: name, offset: range.lowerBound), plan.bytes[range], io: options.io)
                report.damagedRanges.append(
                    .init(
                        file: directory.filePath(name), offset: Int64(range.lowerBound), size: Int64(range.count), reason: reason,
                        movedTo: directory.filePath(kept)))
            }
            if let first = plan.dropped.first {
                let kept = try directory.writeNewFile(
                    named: SegmentFormat.droppedFileName(of: name, offset: first.lowerBound), plan.droppedBytes[...], io: options.io)
                report.droppedRecordFiles.append(directory.filePath(kept))
            }
        }
        for plan in plans where plan.isChanged {
            try directory.replaceFile(named: plan.segment.name, with: plan.repairedBytes[...], io: options.io)
            report.segmentsRewritten.append(directory.filePath(plan.segment.name))
        }
        return report
    }

    /// Opens the live segments (stale ones are left to open, which deletes
    /// them) and checks their headers.
    private static func plan(_ directory: SegmentDirectory) throws(StoreError) -> [SegmentRepairPlan] {
        let numbers = try directory.segmentNumbers()
        var plans: [UInt32: SegmentRepairPlan] = [:]
        var coversFrom: [UInt32: UInt32] = [:]
        for number in numbers {
            let segment = try directory.openSegment(number, writable: false)
            let header = try segment.read(count: SegmentFormat.headerSize, at: 0)
            var plan = SegmentRepairPlan(segment: segment, header: header)
            let damage: String?
            switch header.withUnsafeBytes(SegmentHeader.init) {
            case .valid(let first) where first <= number:
                coversFrom[number] = first
                damage = nil
            case .valid(let first):
                damage = "segment header says it covers segments from \(first), after its own number"
            case .missing where number == numbers.last:
                // A crash while the segment was created leaves a partial
                // header or zeros, and no record: open rewrites its header.
                guard try segment.readAll().dropFirst(SegmentFormat.headerSize).contains(where: { $0 != 0 }) else { continue }
                damage = "segment has no header, but bytes after it"
            case .missing:
                damage = "segment has no header"
            case .newerFormat(let found):
                throw .newerFormat(file: directory.filePath(segment.name), found: Int(found), supported: Int(SegmentFormat.version))
            case .damaged(let reason):
                damage = reason
            }
            if let damage {
                coversFrom[number] = number
                plan.header = SegmentFormat.header(coversFrom: number)
                plan.headerIsNew = true
                plan.addDamage(0..<header.count, reason: damage)
            }
            plans[number] = plan
        }
        let stale = Set(SegmentRecovery.staleSegments(numbers, coversFrom: coversFrom))
        return numbers.filter { !stale.contains($0) }.compactMap { plans[$0] }
    }

    /// Reads the segment and sorts its bytes into kept records, damaged
    /// ranges and records dropped from broken sessions. Only the bytes of a
    /// segment that changes are kept until it is written back.
    private static func scan(_ plan: inout SegmentRepairPlan, chains: inout RepairChains, path: String) throws(StoreError) {
        let bytes = try plan.segment.readAll()
        plan.bytes = bytes
        defer { if !plan.isChanged { plan.bytes = [] } }
        let outcome: Result<Void, StoreError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(StoreError) in
                try SegmentScanner.forEachFrame(in: buffer) { (frame) throws(StoreError) in
                    if chains.keeps(frame, segment: plan.segment.number) {
                        plan.kept.append(frame.offset..<frame.end)
                    } else {
                        plan.dropped.append(frame.offset..<frame.end)
                    }
                } damage: { (damage) throws(StoreError) -> SegmentScanner.AfterDamage in
                    if damage.unknownKind != nil {
                        throw .corrupt(
                            file: path, offset: Int64(damage.offset),
                            reason: "\(damage.reason); repair does not drop records a newer build wrote: run that build")
                    }
                    plan.addDamage(damage.offset..<damage.end, reason: damage.reason)
                    return .resume
                }
            }
        }
        try outcome.get()
    }
}
