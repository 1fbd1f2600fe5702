import Platform

/// What the first bytes of a segment say (layout in ``SegmentFormat``).
enum SegmentHeader: Equatable {
    case valid(coversFrom: UInt32)
    /// Shorter than a header, or only zeros: a crash while the segment was
    /// being created. Holds no record; acceptable only in the last segment.
    case missing
    case newerFormat(found: UInt32)
    case damaged(reason: String)

    init(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= SegmentFormat.headerSize, bytes.contains(where: { $0 != 0 }) else {
            self = .missing
            return
        }
        guard bytes.prefix(4).elementsEqual(SegmentFormat.magic) else {
            self = .damaged(reason: "not a journal segment (no NAVJ magic)")
            return
        }
        let version = SegmentFormat.littleEndianUInt32(bytes, at: 4)
        // The version is read before the checksum: a newer format may lay
        // out the rest of its header differently.
        if version > SegmentFormat.version {
            self = .newerFormat(found: version)
            return
        }
        let checksum = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<12]))
        guard checksum == SegmentFormat.littleEndianUInt32(bytes, at: 12) else {
            self = .damaged(reason: "segment header fails its checksum")
            return
        }
        guard version >= 1 else {
            self = .damaged(reason: "segment header has format version 0")
            return
        }
        self = .valid(coversFrom: SegmentFormat.littleEndianUInt32(bytes, at: 8))
    }
}
