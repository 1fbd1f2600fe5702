/// The headers HTTP/1.1 allows once: those that say where a request's body
/// ends, and `Host`. Checked for the combinations two parsers may read
/// differently.
///
/// libmicrohttpd 0.9.75 reads the first `Content-Length` and ignores the
/// rest; takes `Transfer-Encoding` over `Content-Length`; and reads a body of
/// any transfer coding but `chunked` until the connection closes. Behind a
/// proxy that reads another of those headers, the bytes it forwards as one
/// request's body run here as a second request. Its own check for `Host`
/// (`MHD_OPTION_STRICT_FOR_CLIENT`) answers with a malformed response (the
/// status line and headers sent twice), so `Host` is checked here as well.
enum RequestHeaderRules {
    /// The first problem, or `nil` when the body is delimited one way only
    /// (one `Content-Length`, or one `Transfer-Encoding: chunked` in
    /// HTTP/1.1, or neither) and `Host` is sent once (HTTP/1.0: at most once).
    static func violation(in headers: HTTPHeaders, isHTTP11: Bool) -> HTTPSyntaxViolation? {
        var contentLengths = 0
        var transferEncodings = 0
        var hosts = 0
        var isChunked = false
        headers.forEachField { name, value in
            if FieldRecords.namesMatch(name, "Content-Length") {
                contentLengths += 1
            } else if FieldRecords.namesMatch(name, "Transfer-Encoding") {
                transferEncodings += 1
                isChunked = FieldRecords.namesMatch(value, "chunked")
            } else if FieldRecords.namesMatch(name, "Host") {
                hosts += 1
            }
        }
        if hosts > 1 || (hosts == 0 && isHTTP11) { return .hostHeader }
        if contentLengths > 1 { return .repeatedContentLength }
        guard transferEncodings > 0 else { return nil }
        if contentLengths > 0 { return .transferEncodingWithContentLength }
        // HTTP/1.0 has no transfer codings: its body would end at the close.
        guard transferEncodings == 1, isChunked, isHTTP11 else { return .unsupportedTransferEncoding }
        return nil
    }
}
