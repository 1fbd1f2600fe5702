import Dispatch
import Platform

/// Request log lines gathered per thread and written to stderr in batches,
/// the way nginx's `access_log … buffer= flush=` does: a thread's buffer goes
/// out in one `write(2)` when it passes ``capacity`` bytes, and every buffer
/// goes out every ``flushInterval`` seconds and before any line written
/// directly (``writeNow(_:)``), so a graceful stop's last line follows every
/// request line. One `write(2)` per request was 2–3 µs of CPU per request.
///
/// Lines stay whole: a buffer holds only whole lines, and every write to
/// stderr holds ``output``'s lock, so a partial write to a full pipe is
/// finished before another write starts. Lines of different threads come out
/// in the order of their flushes, each thread's in its own order.
///
/// What a `kill -9` (or a crash) loses is what the buffers held: at most the
/// last ``flushInterval`` of request lines.
final class LogBuffer: Sendable {
    /// Bytes a thread gathers before it writes them itself.
    static let capacity = 32 * 1024
    /// Seconds between flushes of every buffer.
    static let flushInterval = 1.0

    /// The buffer of each thread that ever logged a request. Buffers are
    /// never removed: the server's threads are a fixed pool.
    private let buffers = Locked<[ThreadLogBuffer]>([])
    /// Held around every write to stderr; counts the bytes written.
    private let output = Locked<Int>(0)
    /// Where each thread finds its buffer.
    private let key: pthread_key_t
    /// Set in `init`, cancelled in `deinit`; never touched in between.
    nonisolated(unsafe) private let timer: DispatchSourceTimer

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
        timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + Self.flushInterval, repeating: Self.flushInterval)
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    deinit {
        timer.cancel()
        flush()
        pthread_key_delete(key)
    }

    /// Adds the line `spell` hands to its output (one whole line, ending in
    /// a newline) to this thread's buffer, and writes the buffer when it is
    /// full. `spell` gets the time `milliseconds` after 1970 as this
    /// thread's ``LogTimestampCache`` spells it, and runs with the buffer's
    /// lock held.
    func appendLine(
        at milliseconds: Int64, _ spell: (LogTimestamp, _ output: (UnsafeBufferPointer<UInt8>) -> Void) -> Void
    ) {
        let full = threadBuffer().lines.withLock { lines -> [UInt8]? in
            spell(lines.timestamps.timestamp(millisecondsSince1970: milliseconds)) { line in
                lines.bytes.append(contentsOf: line)
            }
            guard lines.bytes.count >= Self.capacity else { return nil }
            defer { lines.bytes = Self.emptyBuffer() }
            return lines.bytes
        }
        if let full { output.withLock { written in written += write(full) } }
    }

    /// Writes every buffered line, then `line`, in one `write(2)`.
    func writeNow(_ line: [UInt8]) {
        output.withLock { written in written += write(takeAll() + line) }
    }

    /// Writes every buffered line.
    func flush() {
        output.withLock { written in
            let pending = takeAll()
            if !pending.isEmpty { written += write(pending) }
        }
    }

    /// Every buffer's lines, emptying them; called with `output` held, so
    /// that no other flush can write later lines first.
    private func takeAll() -> [UInt8] {
        var pending: [UInt8] = []
        for buffer in buffers.withLock({ $0 }) {
            buffer.lines.withLock { lines in
                guard !lines.bytes.isEmpty else { return }
                pending += lines.bytes
                lines.bytes.removeAll(keepingCapacity: true)
            }
        }
        return pending
    }

    private func threadBuffer() -> ThreadLogBuffer {
        if let known = pthread_getspecific(key) {
            return Unmanaged<ThreadLogBuffer>.fromOpaque(known).takeUnretainedValue()
        }
        // `buffers` keeps the buffer alive; the thread-specific slot only points at it.
        let buffer = ThreadLogBuffer()
        buffers.withLock { $0.append(buffer) }
        pthread_setspecific(key, Unmanaged.passUnretained(buffer).toOpaque())
        return buffer
    }

    private static func emptyBuffer() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity + 512)
        return bytes
    }

    private func write(_ bytes: [UInt8]) -> Int {
        StandardStream.error.write(bytes)
        return bytes.count
    }
}

/// One thread's pending request lines, and the spelling of their times.
/// Its lock is taken by that thread on every line and by a flush of every
/// buffer once per ``LogBuffer/flushInterval``, so it is almost never
/// contended.
final class ThreadLogBuffer: Sendable {
    struct Lines {
        var bytes: [UInt8] = []
        /// Touched only by the buffer's own thread, under the lock it takes anyway.
        var timestamps = LogTimestampCache()
    }

    let lines = Locked(Lines())
}
