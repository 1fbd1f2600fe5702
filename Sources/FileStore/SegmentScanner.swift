import Platform
import Sessions

/// Walks the records of a segment held in memory, checking each frame and
/// checksum. Used by open, compaction, `verify` and `repair`.
///
/// After bytes that are not a record, the scan looks for the next one: the
/// first later offset where a frame's length and payload checksums both
/// pass (``nextRecordStart(after:)``). That decides what the damage is: a
/// tail (nothing after it is a record: a crash or power loss left it) or
/// damage in the middle (a record follows it).
struct SegmentScanner {
    /// One well-formed record, decoded except for its body.
    struct Frame {
        var offset: Int
        var size: Int
        var kind: JournalRecord.Kind
        var key: SessionKey
        var version: Int
        var time: Int64

        var end: Int { offset + size }
    }

    /// Why the bytes at an offset are not a record this build can use.
    struct Refusal: Error {
        var reason: String
        /// Where the record ends when both of its checksums pass: someone
        /// wrote it whole, and only its content is refused. Nil for bytes
        /// that are not a whole record (cut short, zeros, garbage).
        var wholeRecordEnd: Int?
        /// The kind byte of a whole record that no kind of this build has:
        /// a newer build wrote it.
        var unknownKind: UInt8?
    }

    /// Bytes from ``offset`` to ``end`` that hold no usable record.
    struct Damage {
        var offset: Int
        /// Where the scan resumes: the end of a whole but refused record,
        /// else the start of the next record, else the end of the segment.
        var end: Int
        var reason: String
        /// The damage is one whole record whose checksums pass (see
        /// ``Refusal/wholeRecordEnd``): not garbage.
        var isWholeRecord: Bool
        /// See ``Refusal/unknownKind``.
        var unknownKind: UInt8?
        /// No record starts anywhere from ``offset`` to the end of the
        /// segment: a torn or corrupt tail, if this is the last segment.
        var isTail: Bool

        var size: Int { end - offset }
    }

    enum Step {
        case frame(Frame)
        case damage(Damage)
        case end
    }

    let bytes: UnsafeRawBufferPointer
    var offset = SegmentFormat.headerSize

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The record at ``offset``; advances past it if it is well formed. A
    /// damage is not skipped: the caller decides (``skip(_:)``).
    mutating func next() -> Step {
        guard offset < bytes.count else { return .end }
        switch Self.frame(in: bytes, at: offset) {
        case .success(let frame):
            offset = frame.end
            return .frame(frame)
        case .failure(let refusal):
            return .damage(damage(at: offset, refusal))
        }
    }

    /// Resumes the scan after `damage`.
    mutating func skip(_ damage: Damage) {
        offset = damage.end
    }

    /// The damage at `start` that `refusal` describes, with its extent.
    func damage(at start: Int, _ refusal: Refusal) -> Damage {
        if let end = refusal.wholeRecordEnd {
            return Damage(
                offset: start, end: end, reason: refusal.reason, isWholeRecord: true, unknownKind: refusal.unknownKind, isTail: false)
        }
        let next = nextRecordStart(after: start)
        return Damage(
            offset: start, end: next ?? bytes.count, reason: refusal.reason, isWholeRecord: false, unknownKind: nil, isTail: next == nil)
    }

    /// The first offset after `start` where a whole record begins: its
    /// length fits the segment and passes its checksum, and so does its
    /// payload. Nil if there is none.
    ///
    /// Every offset is tried, so the cost grows with the bytes after
    /// `start` (at most one segment), and little per byte: a length outside
    /// the possible range, or past the end of the segment, is passed over
    /// before any checksum; a length checksum passes by chance once in 2^32
    /// offsets, and only then is the payload's computed.
    func nextRecordStart(after start: Int) -> Int? {
        let frameHeader = SegmentFormat.frameHeaderSize
        let lengths = SegmentFormat.payloadFixedSize...(SegmentFormat.payloadFixedSize + JournalRecord.maximumBodySize)
        var candidate = start + 1
        while candidate + frameHeader <= bytes.count {
            defer { candidate += 1 }
            let length = Int(SegmentFormat.littleEndianUInt32(bytes, at: candidate))
            guard lengths.contains(length), candidate + frameHeader + length <= bytes.count else { continue }
            let lengthBytes = UnsafeRawBufferPointer(rebasing: bytes[candidate..<candidate + 4])
            guard CRC32C.checksum(lengthBytes) == SegmentFormat.littleEndianUInt32(bytes, at: candidate + 4) else { continue }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[(candidate + frameHeader)..<(candidate + frameHeader + length)])
            if CRC32C.checksum(payload) == SegmentFormat.littleEndianUInt32(bytes, at: candidate + 8) { return candidate }
        }
        return nil
    }

    static func frame(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Result<Frame, Refusal> {
        let remaining = bytes.count - offset
        guard remaining >= SegmentFormat.frameHeaderSize else {
            return .failure(Refusal(reason: "\(remaining) bytes where a record header of \(SegmentFormat.frameHeaderSize) belongs"))
        }
        let length = Int(SegmentFormat.littleEndianUInt32(bytes, at: offset))
        let lengthBytes = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4])
        guard CRC32C.checksum(lengthBytes) == SegmentFormat.littleEndianUInt32(bytes, at: offset + 4) else {
            let zeros = !bytes[offset...].contains { $0 != 0 }
            return .failure(Refusal(reason: zeros ? "zero bytes where a record belongs" : "record length fails its checksum"))
        }
        guard length >= SegmentFormat.payloadFixedSize, length <= SegmentFormat.payloadFixedSize + JournalRecord.maximumBodySize else {
            return .failure(Refusal(reason: "impossible record length \(length)"))
        }
        let end = offset + SegmentFormat.frameHeaderSize + length
        guard end <= bytes.count else {
            return .failure(Refusal(reason: "record of \(SegmentFormat.frameHeaderSize + length) bytes cut short after \(remaining)"))
        }
        let payloadStart = offset + SegmentFormat.frameHeaderSize
        let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<end])
        guard CRC32C.checksum(payload) == SegmentFormat.littleEndianUInt32(bytes, at: offset + 8) else {
            return .failure(Refusal(reason: "record checksum mismatch"))
        }
        guard let kind = JournalRecord.Kind(rawValue: payload[0]) else {
            return .failure(
                Refusal(
                    reason: "unknown record kind \(payload[0]) (written by a newer navigation-server?)", wholeRecordEnd: end,
                    unknownKind: payload[0]))
        }
        let version = Int(SegmentFormat.littleEndianUInt32(payload, at: 17))
        guard version >= 1, (kind == .created) == (version == 1) else {
            return .failure(Refusal(reason: "\(kind) record with version \(version)", wholeRecordEnd: end))
        }
        let time = Int64(littleEndian: payload.loadUnaligned(fromByteOffset: 21, as: Int64.self))
        let key = SessionKey(bytes: payload, at: 1)
        return .success(Frame(offset: offset, size: end - offset, kind: kind, key: key, version: version, time: time))
    }

    /// The record of a frame returned by ``frame(in:at:)``, body included.
    static func record(of frame: Frame, in bytes: UnsafeRawBufferPointer) -> JournalRecord {
        let bodyStart = frame.offset + SegmentFormat.frameHeaderSize + SegmentFormat.payloadFixedSize
        return JournalRecord(
            sessionID: frame.key.hex,
            version: frame.version,
            kind: frame.kind,
            time: frame.time,
            body: Array(bytes[bodyStart..<frame.end])
        )
    }
}
