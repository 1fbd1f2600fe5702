import Sessions

/// The in-memory index of a file store: session -> summary and record
/// locations. Built at open by replaying every frame's header, kept up to
/// date by appends, rewritten by compaction.
struct StoreIndex: Sendable {
    var entries = StoreIndexEntries()
    /// Records read at open that belong to no session: what a compaction
    /// left of a session dropped while its newest records were in the
    /// segment being appended to. The next compaction reclaims them.
    private(set) var orphanRecords = 0

    /// Adds a record appended by this process (already checked by
    /// ``AppendRule``).
    mutating func apply(kind: JournalRecord.Kind, key: SessionKey, time: Int64, at location: RecordLocation) {
        if kind == .created {
            entries[key] = StoreIndexEntry(lastActivity: time, ended: false, bytes: Int(location.size), locations: [location])
        } else {
            entries.update(key) { entry in
                entry.lastActivity = time
                entry.ended = kind == .ended
                entry.bytes += Int(location.size)
                entry.locations.append(location)
                if kind == .migrated { entry.startVersion = UInt32(entry.locations.count) }
            }
        }
    }

    /// Adds a record read at open; returns why it cannot follow the
    /// session's previous record, or nil.
    ///
    /// A `created` record for a session already indexed starts it again: the
    /// earlier one was dropped (a caller may reuse an id after a drop).
    mutating func replay(_ frame: SegmentScanner.Frame, segment: UInt32) -> String? {
        let location = RecordLocation(segment: segment, size: UInt32(frame.size), offset: Int64(frame.offset))
        if frame.kind != .created {
            guard let entry = entries[frame.key] else {
                orphanRecords += 1
                return nil
            }
            if entry.ended {
                return "session \(frame.key.hex) has a \(frame.kind) record after it ended"
            }
            if frame.version != entry.lastVersion + 1 {
                return "session \(frame.key.hex) has version \(frame.version) after version \(entry.lastVersion)"
            }
        }
        apply(kind: frame.kind, key: frame.key, time: frame.time, at: location)
        return nil
    }
}
