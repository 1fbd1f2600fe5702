import Sessions

/// Where a record is: segment number, offset and frame size.
struct RecordLocation: Sendable, Equatable {
    var segment: UInt32
    var size: UInt32
    var offset: Int64

    /// Orders positions in the journal: segment, then offset.
    func precedes(_ other: RecordLocation) -> Bool {
        segment != other.segment ? segment < other.segment : offset < other.offset
    }
}

/// What the store knows of one session without reading its records.
struct IndexEntry: Sendable {
    var lastActivity: Int64
    var ended: Bool
    var bytes: Int
    /// One per record, in version order: `locations[v - 1]` holds version `v`.
    var locations: [RecordLocation]

    var lastVersion: Int { locations.count }

    func summary(id: SessionKey) -> SessionSummary {
        summary(id: id.hex)
    }

    /// With the id as the caller spelled it: the same 32 lowercase hex digits
    /// when it parsed as a ``SessionKey``, without spelling them again.
    func summary(id: String) -> SessionSummary {
        SessionSummary(id: id, lastVersion: lastVersion, lastActivity: lastActivity, ended: ended, bytes: bytes)
    }
}

/// The in-memory index of a file store: session -> summary and record
/// locations. Built at open by replaying every frame's header, kept up to
/// date by appends, rewritten by compaction.
struct JournalIndex: Sendable {
    var entries = JournalIndexEntries()
    /// Records read at open that belong to no session: what a compaction
    /// left of a session dropped while its newest records were in the
    /// segment being appended to. The next compaction reclaims them.
    private(set) var orphanRecords = 0

    /// Adds a record appended by this process (already checked by
    /// ``AppendRule``).
    mutating func apply(kind: JournalRecord.Kind, key: SessionKey, time: Int64, at location: RecordLocation) {
        if kind == .created {
            entries[key] = IndexEntry(lastActivity: time, ended: false, bytes: Int(location.size), locations: [location])
        } else {
            entries.update(key) { entry in
                entry.lastActivity = time
                entry.ended = kind == .ended
                entry.bytes += Int(location.size)
                entry.locations.append(location)
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
