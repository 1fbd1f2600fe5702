/// One HTTP response, fully buffered.
///
/// `Content-Length`, `Date` and `X-Content-Type-Options: nosniff` are set by
/// the server; a `Content-Length` or `X-Content-Type-Options` here is
/// ignored. Headers libmicrohttpd rejects are dropped rather than sent: a
/// value that is empty or holds CR, LF or NUL, or a malformed name.
public struct HTTPResponse: Sendable {
    /// The status code; anything outside 100...999 is sent as 500.
    public var status: Int
    public var headers: HTTPHeaders
    /// The body; a lent one (``init(status:headers:lending:)``) read here is a copy.
    public var body: [UInt8] {
        get {
            switch content {
            case .bytes(let bytes): bytes
            case .lent(let owner): [UInt8](owner.lentBytes)
            }
        }
        set { content = .bytes(newValue) }
    }
    /// What ``body`` sends: bytes of the response's own, or lent.
    var content: Content
    /// When set, the body is this stream instead of ``body``: sent as it is
    /// written, chunked, for as long as the stream stays open.
    public var stream: HTTPStream?
    /// When set, this is no answer yet: the answer is the response given
    /// later to ``DeferredResponse/complete(with:)``, with ``headers`` added
    /// (see ``init(deferred:headers:)``); ``status`` and ``body`` are not sent.
    public var deferred: DeferredResponse?

    public init(status: Int, headers: HTTPHeaders = .init(), body: [UInt8] = [], stream: HTTPStream? = nil) {
        self.status = status
        self.headers = headers
        self.content = .bytes(body)
        self.stream = stream
    }

    /// An answer whose body is the bytes `owner` lends, sent without a copy.
    public init(status: Int, headers: HTTPHeaders = .init(), lending owner: any LendingBytes) {
        self.status = status
        self.headers = headers
        self.content = .lent(owner)
    }

    enum Content: Sendable {
        case bytes([UInt8])
        case lent(any LendingBytes)
    }

    /// An answer that ``HTTPHandler/handle(_:)`` returns now and `deferred`
    /// completes later, holding no worker thread meanwhile.
    ///
    /// `headers` are added to the completed response's, replacing those of
    /// the same names: a layer around the handler that decorates every
    /// answer (a request id, CORS) decorates a deferred one without knowing.
    ///
    /// Honoured from ``HTTPHandler/handle(_:)`` and from a
    /// ``HTTPHandler/response(beforeBodyOf:)`` answer to a request without a
    /// body. Anywhere else (an early answer to a request with a body, a
    /// rejection) the server cannot wait: it sends this response as it is,
    /// an empty 500, and `deferred` reports that as its outcome.
    public init(deferred: DeferredResponse, headers: HTTPHeaders = .init()) {
        self.init(status: 500, headers: headers)
        self.deferred = deferred
    }
}
