import Sessions

/// What repair keeps and cuts out of one segment: built by reading it, in
/// journal order, with the sessions' version chains so far.
struct SegmentRepairPlan {
    let segment: SegmentFile
    /// The segment's bytes while it is scanned, and after if it changes.
    var bytes: [UInt8] = []
    /// The header to write: the segment's own when it checks out, else a
    /// new one that covers only this segment.
    var header: [UInt8]
    var headerIsNew = false
    /// Records kept, in file order.
    var kept: [Range<Int>] = []
    /// Damaged ranges, in file order, each with why its first bytes are no record.
    var damaged: [(range: Range<Int>, reason: String)] = []
    /// Whole records dropped because their session's chain broke.
    var dropped: [Range<Int>] = []

    var isChanged: Bool { headerIsNew || !damaged.isEmpty || !dropped.isEmpty }

    /// The segment as it is written back: the header and the kept records.
    var repairedBytes: [UInt8] {
        var output = header
        output.reserveCapacity(header.count + kept.reduce(0) { $0 + $1.count })
        for range in kept { output += bytes[range] }
        return output
    }

    /// The dropped records, one after another, as they were.
    var droppedBytes: [UInt8] {
        dropped.reduce(into: []) { $0 += bytes[$1] }
    }

    mutating func addDamage(_ range: Range<Int>, reason: String) {
        if let last = damaged.last, last.range.upperBound == range.lowerBound {
            damaged[damaged.count - 1].range = last.range.lowerBound..<range.upperBound
        } else {
            damaged.append((range, reason))
        }
    }
}

/// The sessions' version chains while repair reads the journal: what the
/// store's index would make of each record, and which sessions broke.
struct RepairChains {
    struct Gap {
        var key: SessionKey
        var lastVersionKept: Int
        var recordsDropped: Int
        var reason: String
    }

    var index = StoreIndex()
    /// Every break, in journal order.
    var gaps: [Gap] = []
    /// Sessions broken now (until a `created` record starts one again) ->
    /// their entry in ``gaps``.
    private var brokenNow: [SessionKey: Int] = [:]
    /// Sessions with records but no `created` record before them, in the
    /// order they appear, with their record counts.
    var orphans: [(key: SessionKey, records: Int)] = []
    private var orphanPositions: [SessionKey: Int] = [:]

    /// Whether `frame` is kept: it follows its session's last kept record,
    /// starts the session (again, as open allows), or belongs to no session
    /// (kept, as open keeps it).
    mutating func keeps(_ frame: SegmentScanner.Frame, segment: UInt32) -> Bool {
        if frame.kind == .created {
            brokenNow[frame.key] = nil
        } else if let gap = brokenNow[frame.key] {
            gaps[gap].recordsDropped += 1
            return false
        } else if index.entries[frame.key] == nil {
            if let position = orphanPositions[frame.key] {
                orphans[position].records += 1
            } else {
                orphanPositions[frame.key] = orphans.count
                orphans.append((frame.key, 1))
            }
        }
        guard let reason = index.replay(frame, segment: segment) else { return true }
        brokenNow[frame.key] = gaps.count
        gaps.append(
            Gap(key: frame.key, lastVersionKept: index.entries[frame.key]?.lastVersion ?? 0, recordsDropped: 1, reason: reason))
        return false
    }
}
