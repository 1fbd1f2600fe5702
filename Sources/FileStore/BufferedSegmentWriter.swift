import Platform
import Sessions

/// Writes a new segment sequentially through a buffer (compaction's
/// output), so that a few large `pwrite(2)` calls copy many small records.
struct BufferedSegmentWriter {
    let file: SegmentFile
    let io: FileStoreIO
    /// Offset of the next byte appended, counting what is still buffered.
    private(set) var size: Int64
    private var written: Int64
    private var pending: [UInt8] = []
    private let capacity = 1 << 20

    init(file: SegmentFile, io: FileStoreIO, size: Int64) {
        self.file = file
        self.io = io
        self.size = size
        written = size
        pending.reserveCapacity(capacity)
    }

    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(StoreError) {
        pending.append(contentsOf: bytes)
        size += Int64(bytes.count)
        if pending.count >= capacity { try flush() }
    }

    mutating func flush() throws(StoreError) {
        guard !pending.isEmpty else { return }
        let offset = written
        if let code = pending.withUnsafeBytes({ io.writeAll($0, to: file.descriptor, at: offset) }) {
            throw .unavailable(reason: "cannot write \(file.name): \(systemErrorText(code))")
        }
        written += Int64(pending.count)
        pending.removeAll(keepingCapacity: true)
    }
}
