/// What one attempt of a call came to, before the client decides whether
/// to try again (``AttemptResult/decision(attempts:secondsLeft:policy:jitter:bodyLimit:)``).
enum AttemptResult: Sendable, Equatable {
    /// The backend answered with a status line and headers.
    case answered(AttemptResponse)
    /// No answer, for a reason a later attempt may not meet: the connection
    /// was refused or reset, nothing came back, the name did not resolve,
    /// the TLS handshake failed.
    case transientFailure(String)
    /// The call's deadline passed while the attempt waited for the backend.
    case cutByDeadline
    /// No attempt can succeed: a certificate that is not trusted, an option
    /// this libcurl refuses, no memory.
    case permanentFailure(String)
}

/// An answer from the backend, its body bounded.
struct AttemptResponse: Sendable, Equatable {
    var status: Int
    /// The `Content-Type` header's value, if any.
    var contentType: String?
    /// What `Retry-After` asked for, in seconds (libcurl reads both of its
    /// forms, seconds and an HTTP date); `nil` without one.
    var retryAfterSeconds: Double?
    /// The body, or its first `bodyLimit` bytes when ``isBodyCut``.
    var body: [UInt8]
    /// The body passed the client's limit and the rest was not read.
    var isBodyCut: Bool

    init(status: Int, contentType: String? = nil, retryAfterSeconds: Double? = nil, body: [UInt8] = [], isBodyCut: Bool = false) {
        self.status = status
        self.contentType = contentType
        self.retryAfterSeconds = retryAfterSeconds
        self.body = body
        self.isBodyCut = isBodyCut
    }
}
