/// A request as far as its headers: everything of an ``HTTPRequest`` but the
/// body, which has not been read yet. See
/// ``HTTPHandler/response(beforeBodyOf:)``.
public struct HTTPRequestHead: Sendable {
    /// The method as sent, e.g. `"GET"`.
    public var method: String
    /// The path as sent, without the query and not percent-decoded.
    public var path: String
    /// The raw query string without the leading `?`; `""` when there is none.
    public var query: String
    public var headers: HTTPHeaders
    /// The IP address of the connection's peer (see ``HTTPRequest/clientAddress``).
    public var clientAddress: String

    public init(method: String, path: String, query: String = "", headers: HTTPHeaders = .init(), clientAddress: String = "") {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.clientAddress = clientAddress
    }
}

extension HTTPRequest {
    /// This request without its body, as ``HTTPHandler/response(beforeBodyOf:)``
    /// sees it, so one check can serve both.
    public var head: HTTPRequestHead {
        HTTPRequestHead(method: method, path: path, query: query, headers: headers, clientAddress: clientAddress)
    }
}
