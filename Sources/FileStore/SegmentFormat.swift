import Platform
import Sessions

/// The on-disk format of a file store (format version 1).
///
/// A data directory holds segment files `journal-NNNNNNNN.seg` (the number
/// in decimal, at least eight digits), a `LOCK` file that one process holds
/// with `flock`, and briefly `*.tmp` files that compaction and repair write
/// (deleted at open if a crash left them) and the readiness probe's
/// `PROBE`. Records of a session are in segment-number order, then file
/// order. Only the segment with the highest number is appended to; the
/// others are sealed.
///
/// Bytes taken out of a segment are kept beside it, never read again by
/// the store: `journal-NNNNNNNN.seg.damaged-OFFSET` holds the damaged bytes
/// found at `OFFSET` (a tail that open moved aside, or a range `journal
/// repair` cut out), and `journal-NNNNNNNN.seg.dropped-OFFSET` the whole
/// records, from `OFFSET` on, that repair dropped because an earlier record
/// of their session was lost. A name already taken gets `-2`, `-3`, …
///
/// Every integer is little-endian, except the session id.
///
/// Segment header, 16 bytes:
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 4 | magic `NAVJ` |
/// | 4 | 4 | format version (1); a higher one is refused by name |
/// | 8 | 4 | `coversFrom`: the lowest segment number whose records this file holds. A plain segment: its own number. A compacted file replaces every segment from `coversFrom` to its own number, so those left by a crash before their deletion are stale and deleted at open. |
/// | 12 | 4 | CRC-32C of bytes 0..<12 |
///
/// Then records, each a frame of 12 bytes and a payload:
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 4 | payload length `n` (at least 29) |
/// | 4 | 4 | CRC-32C of bytes 0..<4: a damaged length is told apart from a cut-short record |
/// | 8 | 4 | CRC-32C of the payload |
/// | 12 | 1 | kind: 1 created, 2 event, 3 ended |
/// | 13 | 16 | session id, the 32 hex digits as 16 bytes, first digits first |
/// | 29 | 4 | version (created is 1; each record is the previous + 1) |
/// | 33 | 8 | time, signed milliseconds since 1970 |
/// | 41 | n - 29 | body, opaque |
///
/// A crash can only cut the end of the last segment short (records are
/// written whole with one `pwrite`, and a failed write is truncated away),
/// and a power loss can leave zeros or garbage there (a segment is fsynced
/// when it is sealed, before the next one exists, unless the fsync policy
/// is `no`). So at open, bytes
/// after the last record of the last segment in which no record starts at
/// any offset (a record starts where its length and payload checksums both
/// pass) are a torn tail: moved aside into a `.damaged-OFFSET` file, and the
/// segment truncated, with one warning. Any other damage (a record follows
/// it, or it is in a sealed segment) is corruption: the store refuses to
/// open, naming the file and offset, and `navigation-server journal repair`
/// cuts it out (``JournalRepair``).
enum SegmentFormat {
    static let magic: [UInt8] = Array("NAVJ".utf8)
    /// The format this build writes and the newest it reads.
    static let version: UInt32 = 1
    static let headerSize = 16
    static let frameHeaderSize = 12
    /// kind + id + version + time. With the frame header, the
    /// ``JournalRecord/framingSize`` every store counts.
    static let payloadFixedSize = 29

    /// The 16-byte header of a segment.
    static func header(coversFrom: UInt32) -> [UInt8] {
        var bytes = magic
        appendLittleEndian(version, to: &bytes)
        appendLittleEndian(coversFrom, to: &bytes)
        appendLittleEndian(CRC32C.checksum(bytes), to: &bytes)
        return bytes
    }

    /// The frame of a record that passed ``JournalRecord/validate(expectedVersion:)``:
    /// the payload's length, the checksum of those 4 bytes, the payload's
    /// checksum, then the payload (kind, id, version, time, body).
    static func frame(of record: JournalRecord, key: SessionKey) -> [UInt8] {
        withFrame(of: record, key: key) { [UInt8]($0) }
    }

    /// Calls `use` with ``frame(of:key:)``'s bytes, built in temporary memory
    /// (on the stack for a body of up to ~1 KB, an event's): an append
    /// writes them and keeps nothing, so an array for them cost an
    /// allocation and a copy per journaled change.
    static func withFrame<Value, Failure: Error>(
        of record: JournalRecord, key: SessionKey, _ use: (UnsafeRawBufferPointer) throws(Failure) -> Value
    ) throws(Failure) -> Value {
        let fixedSize = frameHeaderSize + payloadFixedSize
        let (kind, version, time) = (record.kind.rawValue, UInt32(record.version), UInt64(bitPattern: record.time))
        // `Array.withUnsafeBytes` rethrows untyped: the failure comes out as a value.
        let outcome = record.body.withUnsafeBytes { (body) -> Result<Value, Failure> in
            withUnsafeTemporaryAllocation(byteCount: fixedSize + body.count, alignment: 8) { (frame) -> Result<Value, Failure> in
                let length = UInt32(payloadFixedSize + body.count)
                frame.storeBytes(of: length.littleEndian, toByteOffset: 0, as: UInt32.self)
                let lengthChecksum = CRC32C.checksum(ofLittleEndian: length)
                frame.storeBytes(of: lengthChecksum.littleEndian, toByteOffset: 4, as: UInt32.self)
                frame[frameHeaderSize] = kind
                frame.storeBytes(of: key.high.bigEndian, toByteOffset: frameHeaderSize + 1, as: UInt64.self)
                frame.storeBytes(of: key.low.bigEndian, toByteOffset: frameHeaderSize + 9, as: UInt64.self)
                frame.storeBytes(of: version.littleEndian, toByteOffset: frameHeaderSize + 17, as: UInt32.self)
                frame.storeBytes(of: time.littleEndian, toByteOffset: frameHeaderSize + 21, as: UInt64.self)
                UnsafeMutableRawBufferPointer(rebasing: frame[fixedSize...]).copyMemory(from: body)
                let payloadChecksum = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: frame[frameHeaderSize...]))
                frame.storeBytes(of: payloadChecksum.littleEndian, toByteOffset: 8, as: UInt32.self)
                do throws(Failure) {
                    return .success(try use(UnsafeRawBufferPointer(frame)))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try outcome.get()
    }

    /// The file name of segment `number`.
    static func fileName(ofSegment number: UInt32) -> String {
        let digits = String(number)
        return "journal-" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits + ".seg"
    }

    /// The file beside segment file `segment` that keeps the damaged bytes
    /// found at `offset`.
    static func damagedFileName(of segment: String, offset: Int) -> String {
        segment + ".damaged-\(offset)"
    }

    /// The file beside segment file `segment` that keeps the records, from
    /// `offset` on, that repair dropped from their broken sessions.
    static func droppedFileName(of segment: String, offset: Int) -> String {
        segment + ".dropped-\(offset)"
    }

    /// The segment number in a file name, or nil if it is not a segment's.
    static func segmentNumber(inFileName name: String) -> UInt32? {
        guard name.hasPrefix("journal-"), name.hasSuffix(".seg") else { return nil }
        let digits = name.dropFirst("journal-".count).dropLast(".seg".count)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return UInt32(digits)
    }

    static func appendLittleEndian<Integer: FixedWidthInteger>(_ value: Integer, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func littleEndianUInt32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
