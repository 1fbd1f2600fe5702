import CMicroHTTPD
import Platform

/// An answer decided after ``HTTPHandler/handle(_:)`` returns: the handler
/// returns ``HTTPResponse/init(deferred:headers:)`` and keeps this object, and
/// whoever learns the answer calls ``complete(with:)``, from any thread.
///
/// A waiting request costs no worker thread: its connection is suspended
/// (`MHD_suspend_connection`), out of the daemon's event loop, and
/// ``complete(with:)`` resumes it; libmicrohttpd then calls the access
/// handler again for it, which sends the answer. The connection stays alive
/// for the client's next request, as after an answer given at once.
///
/// Whoever defers must complete. A suspended connection never times out, so
/// a deferred response nobody completes holds its connection and counts as
/// a request in flight until the server stops. Each holds one connection, so
/// ``HTTPServerConfiguration/connectionLimit`` bounds how many wait at once
/// (``HTTPServer/openDeferredResponseCount``).
///
/// A stopping server treats them as the requests in flight they are: their
/// owners have until shortly before the deadline to complete them, and those
/// still open then are answered with ``serverStopResponse``
/// (``HTTPServer/stop(deadline:)``).
///
/// libmicrohttpd does not watch a suspended connection, so a client that
/// went away is noticed when the answer is given: ``complete(with:)`` looks
/// at the socket first and, when the client has closed it, sends nothing,
/// closes the connection and reports ``Outcome/abandoned``. A client that
/// leaves after that look is not answered either, only without the report.
///
/// Thread-safe: completion, suspension and the connection's end change one
/// state under one lock, so a completion can come before the suspension, at
/// the same time as it, or after the connection ended, and each is seen once.
public final class DeferredResponse: Sendable {
    /// How a deferred response ended, as ``whenCompleted(_:)`` is told.
    public enum Outcome: Sendable {
        /// Answered with this response: the one given to ``complete(with:)``
        /// (a 500 in place of one that cannot be sent later), or
        /// ``serverStopResponse``.
        case answered(HTTPResponse)
        /// The client went away before the answer; nothing was sent.
        case abandoned
    }

    /// What the request handling in ``RequestDispatcher`` does next.
    enum Step {
        /// Send this response now.
        case send(HTTPResponse)
        /// Nothing to send: close the connection.
        case close
        /// The connection is suspended until ``complete(with:)``.
        case wait
    }

    private struct State {
        /// Decided once: by the first ``complete(with:)``, a stopping
        /// server, or the client's going away.
        var outcome: Outcome?
        /// Set when a request takes this as its answer; a second one is refused.
        var isAttached = false
        /// Set once the connection took the outcome, or ended.
        var isDelivered = false
        /// The connection and its socket, while suspended.
        var suspended: (connection: OpaquePointer, socket: Int32)?
        var onCompleted: [@Sendable (Outcome) -> Void] = []
    }

    /// Sent when the server stops before ``complete(with:)`` was called.
    public let serverStopResponse: HTTPResponse
    private let state = Locked(State())

    /// - Parameter serverStopResponse: the answer if the server stops first;
    ///   an empty 503 unless the caller has its own error format.
    public init(serverStopResponse: HTTPResponse = HTTPResponse(status: 503)) {
        self.serverStopResponse = Self.sendableLater(serverStopResponse)
    }

    /// Completes the request with `response`: its status, headers and
    /// buffered body (a response with a ``HTTPResponse/stream`` or another
    /// ``HTTPResponse/deferred`` cannot be sent later: the client gets an
    /// empty 500 instead). The first call wins. Returns false, sending
    /// nothing, when the request was already answered (an earlier call, a
    /// stopping server) or its client is gone. Any thread; never blocks.
    @discardableResult
    public func complete(with response: HTTPResponse) -> Bool {
        let (completed, onCompleted) = state.withLock { state -> (Outcome?, [@Sendable (Outcome) -> Void]) in
            guard state.outcome == nil else { return (nil, []) }
            let outcome: Outcome
            if let suspended = state.suspended {
                state.suspended = nil
                outcome = PendingInput.on(suspended.socket) == .endOfStream ? .abandoned : .answered(Self.sendableLater(response))
                // libmicrohttpd only sets flags and wakes the connection's
                // worker here, and calls none of this type's methods while
                // holding its own locks, so this cannot deadlock.
                MHD_resume_connection(suspended.connection)
            } else {
                outcome = .answered(Self.sendableLater(response))
            }
            state.outcome = outcome
            defer { state.onCompleted = [] }
            return (outcome, state.onCompleted)
        }
        guard let completed else { return false }
        for handler in onCompleted { handler(completed) }
        if case .answered = completed { return true }
        return false
    }

    /// Whether the client still waits for ``complete(with:)``: false once
    /// the request was answered, or when its client is seen gone.
    public var isWaiting: Bool {
        state.withLock { state in
            guard state.outcome == nil else { return false }
            guard let suspended = state.suspended else { return true }
            return PendingInput.on(suspended.socket) != .endOfStream
        }
    }

    /// Adds what is called once with the outcome (an answer's status and
    /// time for a request log, say); handlers run in the order they were
    /// added, at once when the outcome is known already. Called on the
    /// completing thread or a worker thread, never under a lock of this type.
    public func whenCompleted(_ handler: @escaping @Sendable (Outcome) -> Void) {
        let decided: Outcome? = state.withLock { state in
            guard let outcome = state.outcome else {
                state.onCompleted.append(handler)
                return nil
            }
            return outcome
        }
        if let decided { handler(decided) }
    }

    /// A response that can be sent once the connection resumes: a buffered one.
    private static func sendableLater(_ response: HTTPResponse) -> HTTPResponse {
        guard response.stream != nil || response.deferred != nil else { return response }
        return HTTPResponse(status: 500)
    }

    // MARK: Called by the server, on the connection's worker thread.

    /// Takes this as the answer to one request; false when another request
    /// has taken it already.
    func attach() -> Bool {
        state.withLock { state in
            defer { state.isAttached = true }
            return !state.isAttached
        }
    }

    /// The answer if there is one; else suspends `connection` until
    /// ``complete(with:)`` resumes it and libmicrohttpd calls again.
    func nextStep(suspending connection: OpaquePointer) -> Step {
        state.withLock { state in
            guard !state.isDelivered else { return .close }
            switch state.outcome {
            case .answered(let response):
                state.isDelivered = true
                return .send(response)
            case .abandoned:
                state.isDelivered = true
                return .close
            case nil:
                state.suspended = (connection, CMicroHTTPD_connection_fd(connection))
                MHD_suspend_connection(connection)
                return .wait
            }
        }
    }

    /// The connection ended before taking the outcome (libmicrohttpd closed
    /// it): the client is not answered.
    func connectionEnded() {
        let (abandoned, onCompleted) = state.withLock { state -> (Bool, [@Sendable (Outcome) -> Void]) in
            state.isDelivered = true
            state.suspended = nil
            guard state.outcome == nil else { return (false, []) }
            state.outcome = .abandoned
            defer { state.onCompleted = [] }
            return (true, state.onCompleted)
        }
        if abandoned { for handler in onCompleted { handler(.abandoned) } }
    }
}
