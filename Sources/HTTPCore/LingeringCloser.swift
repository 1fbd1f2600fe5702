import Platform

/// Closes connections the way nginx's lingering close does, so that a client
/// still sending its request when the server answers early reads the answer.
///
/// Closing a TCP socket whose receive buffer holds unread bytes makes the
/// kernel answer with a reset instead of an orderly end, and a client that
/// writes its whole request before reading (Python's `http.client`, most
/// HTTP libraries) then fails in `send` with `ECONNRESET` and never reads the
/// answer already sent. libmicrohttpd 0.9.75 closes that way after every
/// early answer (a 413 for a declared `Content-Length`, its own 400/414/431),
/// and has no option to linger.
///
/// So, just before libmicrohttpd closes such a connection, its socket is
/// duplicated and handed over here: the write side is shut down (the client
/// reads the answer, then end of stream) and whatever the client still sends
/// is read and dropped until it closes its side, more than `discardBytes`
/// have been dropped, or `seconds` have passed; then the socket is closed.
/// Past either bound the client is cut off: one still sending sees a reset.
///
/// One thread serves every lingering socket with `poll`, so libmicrohttpd's
/// worker threads never wait, and it sleeps until a socket is readable, a
/// deadline passes or a socket is handed over. At most `capacity` sockets
/// linger at once (they no longer count against libmicrohttpd's connection
/// limits); beyond that a connection is closed at once, as without lingering.
final class LingeringCloser: Sendable {
    let discardBytes: Int
    let seconds: Int
    let capacity: Int
    private let shared = Locked(Shared())

    private struct Shared {
        var thread: pthread_t?
        var isStopping = false
        /// The pipe that wakes the thread: read end, write end.
        var wakeReader: Int32 = -1
        var wakeWriter: Int32 = -1
        /// Sockets handed over and not yet picked up by the thread.
        var handedOver: [Int32] = []
        /// Sockets handed over or lingering now; at most `capacity`.
        var lingeringCount = 0
    }

    /// One socket the thread is lingering on.
    private struct Lingering {
        let socket: Int32
        let deadline: ContinuousClock.Instant
        var discardedBytes = 0
    }

    init(discardBytes: Int, seconds: Int, capacity: Int) {
        self.discardBytes = discardBytes
        self.seconds = seconds
        self.capacity = capacity
    }

    /// Starts the thread; call once, before handing sockets over.
    func start() throws(HTTPServerError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .startFailed("(lingering close: pipe(): \(Self.lastError))") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        shared.withLock { state in
            state.wakeReader = ends[0]
            state.wakeWriter = ends[1]
        }
        var thread = pthread_t()
        let retainedSelf = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<LingeringCloser>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, retainedSelf)
        guard created == 0 else {
            Unmanaged<LingeringCloser>.fromOpaque(retainedSelf).release()
            for end in ends { close(end) }
            throw .startFailed("(lingering close: pthread_create(): \(systemErrorText(created)))")
        }
        shared.withLock { $0.thread = thread }
    }

    /// Closes every lingering socket at once and ends the thread. Sockets
    /// offered afterwards are refused. Idempotent.
    func stop() {
        let thread: pthread_t? = shared.withLock { state in
            guard let thread = state.thread, !state.isStopping else { return nil }
            state.isStopping = true
            Self.wake(state)
            return thread
        }
        guard let thread else { return }
        pthread_join(thread, nil)
        shared.withLock { state in
            close(state.wakeReader)
            close(state.wakeWriter)
            state.wakeReader = -1
            state.wakeWriter = -1
            state.lingeringCount = 0
        }
    }

    /// Takes over `socket`, which libmicrohttpd is about to close: a
    /// duplicate keeps the connection open after libmicrohttpd's `close`.
    /// Returns false, leaving the socket to close at once, when stopped or
    /// already lingering on `capacity` sockets. Called on worker threads.
    @discardableResult
    func adopt(_ socket: Int32) -> Bool {
        let admitted = shared.withLock { state in
            guard state.thread != nil, !state.isStopping, state.lingeringCount < capacity else { return false }
            state.lingeringCount += 1
            return true
        }
        guard admitted else { return false }
        let duplicate = fcntl(socket, F_DUPFD_CLOEXEC, 0)
        // The FIN follows the answer already queued in the send buffer.
        // ENOTCONN means the client is gone already: nothing to wait for.
        guard duplicate >= 0, shutdown(duplicate, Int32(SHUT_WR)) == 0 else {
            if duplicate >= 0 { close(duplicate) }
            shared.withLock { $0.lingeringCount -= 1 }
            return false
        }
        let handedOver = shared.withLock { state in
            guard !state.isStopping else { return false }
            state.handedOver.append(duplicate)
            Self.wake(state)
            return true
        }
        if !handedOver { close(duplicate) }
        return handedOver
    }

    // MARK: - The thread

    private func run() {
        let wakeReader = shared.withLock { $0.wakeReader }
        var lingering: [Lingering] = []
        var descriptors: [pollfd] = []
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let (arrivals, isStopping) = shared.withLock { state in
                defer { state.handedOver.removeAll(keepingCapacity: true) }
                return (state.handedOver, state.isStopping)
            }
            let now = ContinuousClock.now
            for socket in arrivals {
                lingering.append(Lingering(socket: socket, deadline: now.advanced(by: .seconds(seconds))))
            }
            if isStopping {
                for connection in lingering { close(connection.socket) }
                return
            }

            var closedCount = 0
            lingering.removeAll { entry in
                guard entry.deadline <= now else { return false }
                close(entry.socket)
                closedCount += 1
                return true
            }
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0))
            for entry in lingering {
                descriptors.append(pollfd(fd: entry.socket, events: Int16(POLLIN), revents: 0))
            }
            let timeout = lingering.map(\.deadline).min().map { Self.milliseconds(from: now, to: $0) } ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 && errno != EINTR {
                // Cannot wait (out of memory): cut everyone off rather than spin.
                for connection in lingering { close(connection.socket) }
                closedCount += lingering.count
                lingering.removeAll()
            } else if ready > 0 {
                if descriptors[0].revents != 0 { Self.drainWakePipe(wakeReader) }
                // `descriptors[index + 1]` is `lingering[index]`; backwards so removal keeps them paired.
                for index in lingering.indices.reversed() where descriptors[index + 1].revents != 0 {
                    guard !discardIncoming(&lingering[index], scratch: &scratch) else { continue }
                    close(lingering[index].socket)
                    lingering.remove(at: index)
                    closedCount += 1
                }
            }
            if closedCount > 0 {
                shared.withLock { $0.lingeringCount -= closedCount }
            }
        }
    }

    /// Reads and drops what the client sent; false once the socket should be
    /// closed: the client closed its side or failed, or the budget is spent.
    /// A few reads at most, so one fast sender cannot starve the others.
    private func discardIncoming(_ entry: inout Lingering, scratch: inout [UInt8]) -> Bool {
        for _ in 0..<4 {
            let count = scratch.withUnsafeMutableBytes {
                recv(entry.socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            guard count > 0 else {
                return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            }
            entry.discardedBytes += count
            if entry.discardedBytes > discardBytes { return false }
        }
        return true
    }

    /// Called with the lock held, so the pipe cannot be closed meanwhile. A
    /// full pipe already holds a wake-up, so a failed write loses nothing.
    private static func wake(_ state: borrowing Shared) {
        var byte: UInt8 = 1
        _ = write(state.wakeWriter, &byte, 1)
    }

    private static func drainWakePipe(_ reader: Int32) {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(reader, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// The `poll` timeout until `deadline`, rounded up so a wake-up is never early.
    private static func milliseconds(from now: ContinuousClock.Instant, to deadline: ContinuousClock.Instant) -> Int32 {
        let (seconds, attoseconds) = now.duration(to: deadline).components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(milliseconds, 0))
    }

    private static var lastError: String { systemErrorText(errno) }
}
