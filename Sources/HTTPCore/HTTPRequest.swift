/// One HTTP request as received, fully buffered.
///
/// `path` and `query` are the request target exactly as the client sent it,
/// split at the first `?` and never percent-decoded: routing decides how to
/// decode (a `%2F` inside a path segment must not become a separator).
public struct HTTPRequest: Sendable {
    /// The method as sent, e.g. `"GET"`; not case-normalised.
    public var method: String
    /// The path as sent, without the query string and not percent-decoded.
    public var path: String
    /// The raw query string without the leading `?`; `""` when there is none.
    public var query: String
    public var headers: HTTPHeaders
    /// The complete body; never larger than the server's `maxBodyBytes`.
    public var body: [UInt8]
    /// The IP address of the connection's peer, e.g. `"127.0.0.1"` or `"::1"`
    /// (`""` when unknown). Behind a proxy this is the proxy's address;
    /// headers such as `X-Forwarded-For` are never consulted here.
    public var clientAddress: String

    public init(
        method: String,
        path: String,
        query: String = "",
        headers: HTTPHeaders = .init(),
        body: [UInt8] = [],
        clientAddress: String = ""
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientAddress = clientAddress
    }
}
