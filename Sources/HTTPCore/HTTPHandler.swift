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
}

/// Turns requests into responses.
///
/// Called on libmicrohttpd's worker threads, concurrently: must be thread-safe
/// and must not block for long, since a blocked call stalls every connection
/// served by that worker thread.
public protocol HTTPHandler: Sendable {
    /// The response to a complete request. Errors are responses too: there is
    /// no throwing, so every failure chooses its own status and body.
    func handle(_ request: HTTPRequest) -> HTTPResponse

    /// The response for a request the server refused before calling
    /// ``handle(_:)``, so the API layer can keep one error format.
    func response(for rejection: HTTPRequestRejection) -> HTTPResponse
}
