/// Why a request never reached the handler.
///
/// The server answers these itself, asking the handler for the response so the
/// API layer keeps control of the error format.
public enum HTTPRequestRejection: Sendable, Equatable {
    /// The body exceeded `HTTPServerConfiguration.maxBodyBytes` (either the
    /// declared `Content-Length` or the bytes of a chunked body). The server
    /// closes the connection after sending this response, having read and
    /// dropped the rest of the body within the lingering bounds
    /// (`HTTPServerConfiguration.lingeringSeconds`) so the client reads it.
    case bodyTooLarge(limit: Int)
    /// The request's head breaks HTTP/1.1 in a way that another server on
    /// the path (a proxy in front) may read differently, so that it would
    /// see another request than this server does. Answered (a 400 is meant)
    /// from the head alone: the body is never read and the connection is
    /// closed, lingering as for ``bodyTooLarge(limit:)``.
    case malformedRequest(HTTPSyntaxViolation)
}

/// Turns requests into responses.
///
/// Called on libmicrohttpd's worker threads, concurrently: must be thread-safe
/// and must not block for long, since a blocked call stalls every connection
/// served by that worker thread. An answer that has to wait for something
/// is deferred instead (``HTTPResponse/init(deferred:headers:)``).
public protocol HTTPHandler: Sendable {
    /// The response to a complete request. Errors are responses too: there is
    /// no throwing, so every failure chooses its own status and body.
    ///
    /// The request is the handler's (`consuming`): a handler that keeps it
    /// in a context of its own takes it without a copy of every field.
    func handle(_ request: consuming HTTPRequest) -> HTTPResponse

    /// The response for a request the server refused before calling
    /// ``handle(_:)``, so the API layer can keep one error format.
    func response(for rejection: HTTPRequestRejection) -> HTTPResponse

    /// An answer decided from the request's head alone (an access check),
    /// or `nil` to receive the body and call ``handle(_:)`` as usual.
    ///
    /// Called once per request, as soon as its headers have arrived and
    /// passed the server's own checks, before any of the body is read and
    /// before `100 Continue` is sent. When it returns a response, the body is
    /// never read nor buffered and ``handle(_:)`` is not called: a request
    /// that has a body (or sent `Expect`) is answered at once and its
    /// connection closed, what the client still sends being read and dropped
    /// within the lingering bounds; a request without one is answered as
    /// usual and its connection kept alive. Its cost is on every request:
    /// keep it to header lookups.
    func response(beforeBodyOf head: HTTPRequestHead) -> HTTPResponse?

    /// A request that declares at most this many body bytes (none counts
    /// as 0) and sends neither `Expect` nor `Transfer-Encoding` is received
    /// whole without asking ``response(beforeBodyOf:)``: for such a small
    /// body an early answer saves nothing, and ``handle(_:)`` decides the
    /// same. `nil` (the default): every request is asked.
    var bodyBytesReceivedBeforeAsking: Int? { get }
}

extension HTTPHandler {
    /// No early answers: every request is received whole and handled.
    public func response(beforeBodyOf head: HTTPRequestHead) -> HTTPResponse? {
        nil
    }

    /// Every request is asked for an early answer.
    public var bodyBytesReceivedBeforeAsking: Int? { nil }
}
