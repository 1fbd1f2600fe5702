import CMicroHTTPD
import Platform

/// The body of a long-lived response that is written while it is being sent
/// (Server-Sent Events, for instance): writers ``send(_:)`` byte chunks from
/// any thread, and the server sends them in order as the client reads.
///
/// An open stream costs no worker thread: while nothing is queued its
/// connection is suspended (`MHD_suspend_connection`) and out of the
/// daemon's event loop, and the next ``send(_:)`` resumes it. A suspended
/// connection does not time out, so an idle stream outlives
/// ``HTTPServerConfiguration/connectionTimeoutSeconds``; a client that
/// cannot take what was sent for that long is cut off. A client that went
/// away is noticed only when a write to it fails, so a writer that wants
/// dead clients freed sends something periodically (a comment in SSE).
///
/// The queue is bounded (``capacityBytes``): a writer never waits for a slow
/// reader. A ``send(_:)`` that would pass the bound instead drops what is
/// queued, queues ``overflowNotice`` and closes the stream; the writer and
/// every other stream carry on.
///
/// Thread-safe; the queue and the connection's suspension are changed under
/// one lock, so a resume can never be lost between an empty read and the
/// suspension that follows it.
public final class HTTPStream: Sendable {
    /// Why a stream ended, as ``onClose`` is told.
    public enum Ending: Sendable, Equatable {
        /// ``close(with:)`` was called (by a writer or by a stopping server).
        case closed
        /// A ``send(_:)`` passed ``capacityBytes``.
        case overflowed
        /// The client went away, or the connection failed.
        case disconnected
    }

    /// One piece of what a stream sends: bytes of its own, or bytes lent
    /// by their owner (a session document every subscriber sends), which
    /// are not copied until they go out.
    public enum Chunk: Sendable {
        case bytes([UInt8])
        case lent(any LendingBytes)

        var count: Int {
            switch self {
            case .bytes(let bytes): bytes.count
            case .lent(let owner): owner.lentBytes.count
            }
        }

        func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            switch self {
            case .bytes(let bytes): return bytes.withUnsafeBytes(body)
            case .lent(let owner): return withExtendedLifetime(owner) { body(owner.lentBytes) }
            }
        }
    }

    private struct State {
        var chunks: [Chunk] = []
        /// Bytes of `chunks[0]` already handed to the connection.
        var offset = 0
        var queuedBytes = 0
        /// Set once nothing more may be queued; the stream ends when the
        /// queue is empty.
        var isClosing = false
        var ending: Ending?
        /// The connection, while it is suspended waiting for bytes.
        var suspendedConnection: OpaquePointer?
        /// Set once libmicrohttpd is done with the response.
        var isFinished = false
        var onClose: (@Sendable (Ending) -> Void)?
    }

    /// The most bytes queued and not yet sent.
    public let capacityBytes: Int
    /// Sent last when the queue overflows, so the client can tell why it was
    /// cut off.
    public let overflowNotice: [UInt8]
    /// Sent last when the server stops.
    public let stopNotice: [UInt8]
    private let state: Locked<State>

    /// - Parameters:
    ///   - capacityBytes: the bound of the queue; a single chunk larger than
    ///     this overflows it.
    ///   - overflowNotice: the last bytes after an overflow.
    ///   - stopNotice: the last bytes when the server stops.
    ///   - onClose: called once, on some thread, when the stream is over
    ///     (the response's end, or the client's going away); never under a
    ///     lock a writer holds.
    public init(
        capacityBytes: Int, overflowNotice: [UInt8] = [], stopNotice: [UInt8] = [],
        onClose: (@Sendable (Ending) -> Void)? = nil
    ) {
        self.capacityBytes = max(1, capacityBytes)
        self.overflowNotice = overflowNotice
        self.stopNotice = stopNotice
        self.state = Locked(State(onClose: onClose))
    }

    /// Sets what is called once when the stream is over, replacing the one
    /// given to `init`; called at once when it is over already.
    public func whenClosed(_ handler: @escaping @Sendable (Ending) -> Void) {
        let finishedEnding: Ending? = state.withLock { state in
            guard state.isFinished else {
                state.onClose = handler
                return nil
            }
            return state.ending ?? .disconnected
        }
        if let finishedEnding { handler(finishedEnding) }
    }

    /// Whether a send passed ``capacityBytes`` and closed the stream.
    public var hasOverflowed: Bool {
        state.withLock { $0.ending == .overflowed }
    }

    /// Whether the stream still takes bytes.
    public var isOpen: Bool {
        state.withLock { !$0.isClosing && !$0.isFinished }
    }

    /// Queues `chunks` to be sent in order, as one unit (all or none).
    /// Returns false when the stream is closed, or when the unit overflowed
    /// the queue (the stream then closes with ``overflowNotice``).
    @discardableResult
    public func send(_ chunks: [[UInt8]]) -> Bool {
        send(chunks.map(Chunk.bytes))
    }

    /// ``send(_:)-([[UInt8]])``, of chunks that may be lent.
    @discardableResult
    public func send(_ chunks: [Chunk]) -> Bool {
        let size = chunks.reduce(0) { $0 + $1.count }
        return state.withLock { state in
            guard !state.isClosing, !state.isFinished else { return false }
            if state.queuedBytes + size > capacityBytes {
                state.chunks = [.bytes(overflowNotice)]
                state.offset = 0
                state.queuedBytes = overflowNotice.count
                state.isClosing = true
                state.ending = .overflowed
                Self.wake(&state)
                return false
            }
            for chunk in chunks where chunk.count > 0 {
                state.chunks.append(chunk)
            }
            state.queuedBytes += size
            Self.wake(&state)
            return true
        }
    }

    /// Queues `finalChunks`, then ends the response once everything queued
    /// has been sent. Later sends are refused. Idempotent.
    public func close(with finalChunks: [[UInt8]] = []) {
        state.withLock { state in
            guard !state.isClosing, !state.isFinished else { return }
            for chunk in finalChunks where !chunk.isEmpty {
                state.chunks.append(.bytes(chunk))
                state.queuedBytes += chunk.count
            }
            state.isClosing = true
            state.ending = .closed
            Self.wake(&state)
        }
    }

    /// Resumes the suspended connection, if any; called under the lock.
    /// libmicrohttpd only sets flags and wakes the connection's worker here,
    /// and never calls this stream's callbacks while holding its own locks,
    /// so calling it under this lock cannot deadlock.
    private static func wake(_ state: inout State) {
        guard let connection = state.suspendedConnection else { return }
        state.suspendedConnection = nil
        MHD_resume_connection(connection)
    }

    // MARK: Called by libmicrohttpd, on the connection's worker thread.

    /// Copies queued bytes into `buffer`. Returns the count copied; 0 after
    /// suspending `connection` when nothing is queued; `nil` at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer, connection: OpaquePointer) -> Int? {
        state.withLock { state in
            var copied = 0
            while copied < buffer.count, let first = state.chunks.first {
                let count = min(first.count - state.offset, buffer.count - copied)
                first.withUnsafeBytes { bytes in
                    let source = UnsafeRawBufferPointer(rebasing: bytes[state.offset..<(state.offset + count)])
                    UnsafeMutableRawBufferPointer(rebasing: buffer[copied..<(copied + count)]).copyMemory(from: source)
                }
                copied += count
                state.offset += count
                state.queuedBytes -= count
                if state.offset == first.count {
                    state.chunks.removeFirst()
                    state.offset = 0
                }
            }
            if copied > 0 { return copied }
            if state.isClosing { return nil }
            // Nothing to send: leave the event loop until a writer queues
            // something. Returning 0 without suspending would spin.
            state.suspendedConnection = connection
            MHD_suspend_connection(connection)
            return 0
        }
    }

    /// The server is stopping: queue ``stopNotice`` and end.
    func stop() {
        close(with: [stopNotice])
    }

    /// libmicrohttpd is done with the response: sent to its end, or the
    /// connection closed. Calls ``onClose`` once.
    func finish() {
        let (onClose, ending): ((@Sendable (Ending) -> Void)?, Ending) = state.withLock { state in
            guard !state.isFinished else { return (nil, .closed) }
            let ending = state.isClosing && state.chunks.isEmpty ? (state.ending ?? .closed) : .disconnected
            state.isFinished = true
            state.suspendedConnection = nil
            state.chunks = []
            state.queuedBytes = 0
            let onClose = state.onClose
            state.onClose = nil
            return (onClose, ending)
        }
        onClose?(ending)
    }
}
