import Platform
import Sessions

/// An open segment file. The descriptor closes when the last reference
/// goes, so a reader that took a reference keeps reading a segment that
/// compaction has meanwhile replaced and unlinked.
final class SegmentFile: Sendable {
    let number: UInt32
    let name: String
    let descriptor: Int32

    init(number: UInt32, name: String, descriptor: Int32) {
        self.number = number
        self.name = name
        self.descriptor = descriptor
    }

    deinit {
        closeDescriptor(descriptor)
    }

    /// The whole file, read with `pread(2)`.
    func readAll() throws(StoreError) -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .systemCall("cannot stat \(name)")
        }
        return try read(count: Int(status.st_size), at: 0)
    }

    /// `count` bytes at `offset`, or fewer if the file ends first.
    func read(count: Int, at offset: Int64) throws(StoreError) -> [UInt8] {
        guard count > 0 else { return [] }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else { return }
            while initialized < count {
                let result = pread(descriptor, base + initialized, count - initialized, off_t(offset) + off_t(initialized))
                if result > 0 {
                    initialized += result
                } else if result == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        guard failure == 0 else {
            throw .unavailable(reason: "cannot read \(name): \(systemErrorText(failure))")
        }
        return bytes
    }

    /// The records at `locations`, which must follow each other in this
    /// file with no gap (a session's records written one after another): one
    /// `pread` for all of them instead of one per record.
    func records(atAdjacent locations: ArraySlice<RecordLocation>, path: String) throws(StoreError) -> [JournalRecord] {
        guard let first = locations.first, let last = locations.last else { return [] }
        let span = Int(last.offset - first.offset) + Int(last.size)
        let bytes = try read(count: span, at: first.offset)
        var records: [JournalRecord] = []
        records.reserveCapacity(locations.count)
        for location in locations {
            let start = Int(location.offset - first.offset)
            let record: Result<JournalRecord, SegmentScanner.Refusal> = bytes.withUnsafeBytes { buffer in
                SegmentScanner.frame(in: buffer, at: start).map { SegmentScanner.record(of: $0, in: buffer) }
            }
            switch record {
            case .success(let record): records.append(record)
            case .failure(let refusal): throw .corrupt(file: path, offset: location.offset, reason: refusal.reason)
            }
        }
        return records
    }

    /// The record at `location` (an index entry pointing into this file);
    /// `path` names the file in the error if the record is damaged.
    func record(at location: RecordLocation, path: String) throws(StoreError) -> JournalRecord {
        let bytes = try read(count: Int(location.size), at: location.offset)
        let record: Result<JournalRecord, SegmentScanner.Refusal> = bytes.withUnsafeBytes { buffer in
            SegmentScanner.frame(in: buffer, at: 0).map { SegmentScanner.record(of: $0, in: buffer) }
        }
        switch record {
        case .success(let record): return record
        case .failure(let refusal): throw .corrupt(file: path, offset: location.offset, reason: refusal.reason)
        }
    }
}
