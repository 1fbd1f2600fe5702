import CCurl
import Platform

/// Performs effects over HTTP against teams' backends, with libcurl's multi
/// interface on one thread of its own (``BackendEventLoop``): a thousand
/// calls waiting on a slow backend hold a thousand sockets, not a thousand
/// threads, and never the caller's.
///
/// Each call is an HTTP `POST` of its body with `Content-Type` and `Accept`
/// `application/json`, `Idempotency-Key`, `X-Request-ID` and `User-Agent`;
/// what follows each answer is ``BackendOutcome``'s documentation. Calls
/// over `maxConcurrent` wait for a slot, within their own timeout. Redirects
/// are not followed; only `http` and `https` are spoken. libcurl honours
/// the usual proxy variables (`http_proxy`, `https_proxy`, `no_proxy`),
/// checks https backends' certificates against the system's CA store, and
/// keeps connections to a backend alive between calls. A host name is
/// looked up by libcurl's resolver, a short-lived thread per lookup in
/// flight, its answer kept for 60 s; an address literal or `localhost`
/// needs none.
///
/// ```swift
/// let client = try BackendClient()
/// let call = BackendCall(
///     url: try BackendURL("http://127.0.0.1:9000/login"),
///     body: Array(#"{"username":"ada","password":"…"}"#.utf8),
///     idempotencyKey: "\(sessionID).\(effectID)", requestID: requestID)
/// client.perform(call) { outcome in
///     // on the client's thread: hand the outcome on, do not block here
/// }
/// client.shutdown()  // at exit: calls still running end as `.unavailable`
/// ```
public final class BackendClient: Sendable {
    /// Attempts in flight at once, by default.
    public static let defaultMaxConcurrent = 256
    /// The largest response body read, by default: 1 MiB.
    public static let defaultMaxResponseBytes = 1 << 20
    /// The client's thread's name, by default.
    public static let defaultThreadName = "backend-client"

    /// Attempts in flight at once at the most (`maxConcurrent`, at least
    /// 1): the client's connection slots; further calls wait for one.
    public let maxConcurrent: Int
    private let inbox: Locked<BackendInbox>

    /// Starts the client's thread.
    /// - Parameters:
    ///   - maxConcurrent: attempts in flight at once (at least 1); each holds
    ///     a connection. Further calls wait for a slot.
    ///   - maxResponseBytes: the largest body read; a 2xx answer with a
    ///     larger one is `.unavailable`, and of a 4xx only this much is read
    ///     for its detail.
    ///   - userAgent: the `User-Agent` sent; printable ASCII, else the default.
    ///   - retryPolicy: the waits between attempts.
    ///   - threadName: the thread's name in `top -H` and /proc, cut to 15
    ///     bytes; threads it starts (libcurl's name resolver) inherit it.
    public init(
        maxConcurrent: Int = defaultMaxConcurrent, maxResponseBytes: Int = defaultMaxResponseBytes,
        userAgent: String = "navigation-server", retryPolicy: RetryPolicy = RetryPolicy(),
        threadName: String = defaultThreadName
    ) throws(BackendClientError) {
        if let failure = CurlLibrary.initializeOnce() { throw .startFailed("libcurl: \(failure)") }
        guard let multi = curl_multi_init() else { throw .startFailed("libcurl could not make a multi handle") }
        let slots = max(1, maxConcurrent)
        self.maxConcurrent = slots
        // Keep up to one idle connection per slot for the next calls.
        _ = CCurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, slots)
        _ = CCurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, slots)
        inbox = Locked(BackendInbox())
        inbox.withLock { $0.multi = multi }
        let loop = BackendEventLoop(
            multi: multi, inbox: inbox, maxConcurrent: slots, bodyLimit: max(0, maxResponseBytes),
            userAgent: userAgent.utf8.allSatisfy { (0x20...0x7E).contains($0) } ? userAgent : "navigation-server",
            retryPolicy: retryPolicy, threadName: threadName)
        var thread = pthread_t()
        let retainedLoop = Unmanaged.passRetained(loop).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<BackendEventLoop>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, retainedLoop)
        guard created == 0 else {
            Unmanaged<BackendEventLoop>.fromOpaque(retainedLoop).release()
            // deinit's shutdown() must find no handle to wake.
            inbox.withLock { $0.multi = nil }
            curl_multi_cleanup(multi)
            throw .startFailed("pthread_create(): \(systemErrorText(created))")
        }
        inbox.withLock { $0.thread = thread }
    }

    deinit {
        shutdown()
    }

    /// Starts `call` and returns at once. `completion` runs exactly once, on
    /// the client's thread, which serves every call: it must hand slow work
    /// (a journal write, a lock others hold for long) to another thread.
    /// After ``shutdown()`` it runs at once, on the caller's thread, with
    /// `.unavailable`: do not call this while holding a lock the completion
    /// takes.
    public func perform(_ call: BackendCall, completion: @escaping @Sendable (BackendOutcome) -> Void) {
        let now = SystemClock.monotonicSeconds()
        let accepted = inbox.withLock { inbox in
            guard !inbox.isStopping, let multi = inbox.multi else { return false }
            // Only the first call since the loop last emptied the inbox
            // wakes it; the later ones ride on that wakeup.
            if inbox.submissions.isEmpty { _ = curl_multi_wakeup(multi) }
            inbox.submissions.append(BackendJob(call: call, completion: completion, acceptedAt: now))
            return true
        }
        if !accepted { completion(.unavailable(reason: BackendEventLoop.stoppingReason)) }
    }

    /// Stops the client: every call still waiting or in flight completes
    /// with `.unavailable("the server is stopping")`, and later calls
    /// complete so at once. Returns when the thread has ended and every
    /// completion has run, except when called from a completion (the
    /// thread then ends after it). Idempotent: a second call, even one made
    /// while the first waits, returns at once.
    public func shutdown() {
        let thread: pthread_t? = inbox.withLock { inbox in
            if !inbox.isStopping, let multi = inbox.multi {
                inbox.isStopping = true
                _ = curl_multi_wakeup(multi)
            }
            defer { inbox.thread = nil }
            return inbox.thread
        }
        guard let thread else { return }
        if pthread_equal(thread, pthread_self()) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }
}

/// Why a ``BackendClient`` could not start.
public enum BackendClientError: Error, Sendable, Equatable, CustomStringConvertible {
    case startFailed(String)

    public var description: String {
        switch self {
        case .startFailed(let reason): "the HTTP client for effects could not start: \(reason)"
        }
    }
}
