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
    public var body: [UInt8]
    /// When set, the body is this stream instead of ``body``: sent as it is
    /// written, chunked, for as long as the stream stays open.
    public var stream: HTTPStream?

    public init(status: Int, headers: HTTPHeaders = .init(), body: [UInt8] = [], stream: HTTPStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }
}
