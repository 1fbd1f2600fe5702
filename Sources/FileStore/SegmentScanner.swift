import Sessions

/// Walks the records of a segment held in memory, checking each frame and
/// checksum. Used by open, compaction and `verify`.
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

    /// A record that cannot be read.
    struct Damage: Error {
        var offset: Int
        var reason: String
        /// The damage runs to the end of the file, as a write cut short by a
        /// crash leaves it: a torn tail if this is the last segment.
        var reachesEnd: Bool
        /// The record's length passed its checksum: a record started here.
        var lengthIsValid = false
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

    /// The record at ``offset``; advances past it if it is well formed.
    mutating func next() -> Step {
        guard offset < bytes.count else { return .end }
        switch Self.frame(in: bytes, at: offset) {
        case .success(let frame):
            offset = frame.end
            return .frame(frame)
        case .failure(let damage):
            return .damage(damage)
        }
    }

    /// The first offset after `damagedOffset` where a well-formed record
    /// starts, or one cut short by the end of the file; nil if there is
    /// none: how `verify` keeps reporting after damage.
    func resynchronize(after damagedOffset: Int) -> Int? {
        var candidate = damagedOffset + 1
        while candidate + SegmentFormat.frameHeaderSize <= bytes.count {
            switch Self.frame(in: bytes, at: candidate) {
            case .success:
                return candidate
            case .failure(let damage) where damage.lengthIsValid && damage.reachesEnd:
                return candidate
            case .failure:
                candidate += 1
            }
        }
        return nil
    }

    static func frame(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Result<Frame, Damage> {
        let remaining = bytes.count - offset
        guard remaining >= SegmentFormat.frameHeaderSize else {
            return .failure(
                Damage(
                    offset: offset, reason: "\(remaining) bytes where a record header of \(SegmentFormat.frameHeaderSize) belongs",
                    reachesEnd: true))
        }
        let length = Int(SegmentFormat.littleEndianUInt32(bytes, at: offset))
        let lengthBytes = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4])
        guard CRC32C.checksum(lengthBytes) == SegmentFormat.littleEndianUInt32(bytes, at: offset + 4) else {
            let zeros = !bytes[offset...].contains { $0 != 0 }
            let reason = zeros ? "zero bytes where a record belongs" : "record length fails its checksum"
            return .failure(Damage(offset: offset, reason: reason, reachesEnd: zeros))
        }
        guard length >= SegmentFormat.payloadFixedSize, length <= SegmentFormat.payloadFixedSize + JournalRecord.maximumBodySize else {
            return .failure(Damage(offset: offset, reason: "impossible record length \(length)", reachesEnd: false, lengthIsValid: true))
        }
        let end = offset + SegmentFormat.frameHeaderSize + length
        guard end <= bytes.count else {
            return .failure(
                Damage(
                    offset: offset, reason: "record of \(SegmentFormat.frameHeaderSize + length) bytes cut short after \(remaining)",
                    reachesEnd: true, lengthIsValid: true))
        }
        let payloadStart = offset + SegmentFormat.frameHeaderSize
        let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<end])
        guard CRC32C.checksum(payload) == SegmentFormat.littleEndianUInt32(bytes, at: offset + 8) else {
            return .failure(Damage(offset: offset, reason: "record checksum mismatch", reachesEnd: end == bytes.count, lengthIsValid: true))
        }
        guard let kind = JournalRecord.Kind(rawValue: payload[0]) else {
            return .failure(Damage(offset: offset, reason: "unknown record kind \(payload[0])", reachesEnd: false, lengthIsValid: true))
        }
        let version = Int(SegmentFormat.littleEndianUInt32(payload, at: 17))
        guard version >= 1, (kind == .created) == (version == 1) else {
            return .failure(
                Damage(offset: offset, reason: "\(kind) record with version \(version)", reachesEnd: false, lengthIsValid: true))
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
