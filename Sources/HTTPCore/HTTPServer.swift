import Platform
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd's epoll thread pool, calling an
/// ``HTTPHandler`` for every complete request.
///
/// Lifecycle: `idle` → ``start()`` → `running` → ``stop(deadline:)`` →
/// `stopped`. A server serves at most once.
public final class HTTPServer: Sendable {
    private enum State {
        case idle
        case running(DaemonHandle)
        case stopping
        case stopped
    }

    private let configuration: HTTPServerConfiguration
    private let dispatcher: RequestDispatcher
    private let errorLog = StartupErrorLog()
    private let state = Locked<State>(.idle)
    private let boundPort = Atomic<Int>(0)

    public init(configuration: HTTPServerConfiguration, handler: some HTTPHandler) {
        self.configuration = configuration
        self.dispatcher = RequestDispatcher(handler: handler, configuration: configuration)
    }

    deinit {
        // Without this the daemon's threads would call into freed objects.
        stop(deadline: 0)
    }

    /// The port actually bound (the chosen one when configured with port 0);
    /// 0 before ``start()``. Still readable after ``stop(deadline:)``.
    public var port: Int {
        boundPort.load(ordering: .acquiring)
    }

    /// Streamed responses (``HTTPStream``) still being sent.
    public var openStreamCount: Int {
        dispatcher.openStreams.count
    }

    /// Deferred responses (``DeferredResponse``) a request waits for, or
    /// whose answer its connection has not taken yet. At most
    /// ``HTTPServerConfiguration/connectionLimit``: each holds a connection.
    public var openDeferredResponseCount: Int {
        dispatcher.openDeferreds.count
    }

    /// Requests received but not yet fully answered.
    var inFlightRequestCount: Int {
        dispatcher.inFlightRequests.load(ordering: .sequentiallyConsistent)
    }

    /// Binds and starts serving; when it returns, ``port`` is the real port and
    /// connections are being accepted. Refuses a libmicrohttpd older than
    /// ``MicroHTTPDVersion/minimumSupported`` before binding anything.
    public func start() throws(HTTPServerError) {
        try start(libraryVersion: MicroHTTPDVersion.runningText)
    }

    /// ``start()`` as if the loaded libmicrohttpd said `libraryVersion`; tests
    /// use it to check the refusal of an old library without installing one.
    func start(libraryVersion: String) throws(HTTPServerError) {
        try MicroHTTPDVersion.requireSupported(libraryVersion)
        if let reason = configuration.invalidityReason() {
            throw .invalidConfiguration(reason)
        }
        guard let address = BindAddress(host: configuration.host, port: configuration.port) else {
            throw .invalidHost(configuration.host)
        }
        try state.withLock { state throws(HTTPServerError) in
            guard case .idle = state else { throw .alreadyStarted }
            try dispatcher.lingeringCloser?.start()
            let daemon: DaemonHandle
            do throws(HTTPServerError) {
                daemon = try DaemonHandle.start(
                    configuration: configuration,
                    address: address,
                    dispatcher: dispatcher,
                    errorLog: errorLog
                )
            } catch {
                dispatcher.lingeringCloser?.stop()
                throw error
            }
            boundPort.store(daemon.boundPort, ordering: .releasing)
            state = .running(daemon)
        }
    }

    /// Stops gracefully: ends every open ``HTTPStream`` (its stop notice,
    /// then the end of the response), waits up to `deadline` seconds for
    /// in-flight requests to be answered, then closes every connection. Responses sent
    /// while waiting carry `Connection: close`.
    ///
    /// A request waiting for a ``DeferredResponse`` is in flight too: its
    /// owner may complete it until one second before the deadline (halfway
    /// through a deadline under two seconds); then every one still open,
    /// and any deferred from then on, is answered with its
    /// ``DeferredResponse/serverStopResponse``, sent in the time left.
    /// libmicrohttpd must not stop while a connection is suspended, so none
    /// is left waiting, whatever the deadline.
    ///
    /// The listening socket stays open until the end: libmicrohttpd 0.9.75's
    /// `MHD_quiesce_daemon` races with its own epoll worker threads (both
    /// remove the listening socket from the epoll set, and the loser aborts
    /// the process with "Failed to remove listen FD from epoll set"). So a
    /// request that arrives while draining is still answered, with
    /// `Connection: close`; once nothing is in flight, new requests are
    /// refused by closing their connection, never handled and then cut off.
    ///
    /// Connections still lingering after an early answer (see
    /// ``HTTPServerConfiguration/lingeringSeconds``) are closed at once.
    ///
    /// Idempotent: calls on a server that is not running return at once
    /// (including one that is being stopped by another thread).
    public func stop(deadline: Double = 5) {
        let daemon: DaemonHandle? = state.withLock { state in
            guard case .running(let daemon) = state else { return nil }
            state = .stopping
            return daemon
        }
        guard let daemon else { return }

        dispatcher.isDraining.store(true, ordering: .sequentiallyConsistent)
        // Streams would keep their requests in flight for ever: each sends
        // its stop notice and ends now, without waiting for its client.
        dispatcher.openStreams.stopAll()
        let clampedDeadline = deadline.isNaN ? 0 : min(max(deadline, 0), 86_400)
        let giveUp = ContinuousClock.now.advanced(by: .seconds(clampedDeadline))
        let deferredGiveUp = giveUp.advanced(by: .seconds(-min(clampedDeadline / 2, 1)))
        // Requests on open keep-alive connections are still answered (with
        // `Connection: close`) and owners still complete deferred answers;
        // the deferred ones left then get their stop response. Once none is
        // in flight, later requests are refused, and those that slipped in
        // before the refusal finish.
        waitForInFlightRequests(until: deferredGiveUp)
        dispatcher.openDeferreds.stopAll()
        waitForInFlightRequests(until: giveUp)
        dispatcher.isRefusingRequests.store(true, ordering: .sequentiallyConsistent)
        waitForInFlightRequests(until: giveUp)
        // Lingering connections are closed now, not left to their bounds;
        // connections the daemon closes from here on close at once.
        dispatcher.lingeringCloser?.stop()
        daemon.stop()
        state.withLock { $0 = .stopped }
    }

    private func waitForInFlightRequests(until giveUp: ContinuousClock.Instant) {
        while inFlightRequestCount > 0 && ContinuousClock.now < giveUp {
            usleep(1_000)
        }
    }
}
