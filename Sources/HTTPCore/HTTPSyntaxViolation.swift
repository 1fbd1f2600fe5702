/// What is wrong with a request's head that the server refuses to read (see
/// ``HTTPRequestRejection/malformedRequest(_:)``).
///
/// Each is a way two HTTP parsers can disagree about where a request ends or
/// what it says ("request smuggling"): a proxy that reads it one way forwards
/// bytes this server would read another way. libmicrohttpd 0.9.75 accepts
/// all of them (its strict mode refuses a missing `Host` and a space in the
/// target, but answers the first with a malformed response and closes on
/// the second without one), so the HTTP layer checks them itself.
public enum HTTPSyntaxViolation: String, Sendable, CaseIterable {
    /// A line of the head ends in a bare LF rather than CRLF, continues on
    /// the next line (obsolete line folding), holds a NUL byte, or has no
    /// header name.
    case malformedLine = "malformed-line"
    /// A header name is empty or holds something other than token characters,
    /// such as the space of `Content-Length : 5`.
    case invalidHeaderName = "invalid-header-name"
    /// A header value holds a control character: CR alone, DEL, or another below 0x20 but tab.
    case controlCharacterInHeaderValue = "control-character-in-header-value"
    /// The request target holds a space, NUL or another control character.
    case invalidCharacterInTarget = "invalid-character-in-target"
    /// An HTTP/1.1 request without `Host`, or any request with more than one.
    case hostHeader = "host-header"
    /// More than one `Content-Length` header, even with equal values.
    case repeatedContentLength = "repeated-content-length"
    /// Both `Transfer-Encoding` and `Content-Length`.
    case transferEncodingWithContentLength = "transfer-encoding-with-content-length"
    /// `Transfer-Encoding` other than one `chunked` (case-insensitive) in an HTTP/1.1 request.
    case unsupportedTransferEncoding = "unsupported-transfer-encoding"

    /// One sentence for the client, saying what to fix.
    public var explanation: String {
        switch self {
        case .malformedLine:
            "a line of the request's head ends in a bare LF instead of CRLF, is folded onto the next line, "
                + "holds a NUL byte or has no header name"
        case .invalidHeaderName:
            "a header name is empty or holds a character other than letters, digits and !#$%&'*+-.^_`|~ "
                + "(no space before the colon)"
        case .controlCharacterInHeaderValue:
            "a header value holds a control character"
        case .invalidCharacterInTarget:
            "the request target holds a space, a NUL byte or another control character; percent-encode it"
        case .hostHeader:
            "an HTTP/1.1 request needs exactly one Host header (an HTTP/1.0 request at most one)"
        case .repeatedContentLength:
            "the request has more than one Content-Length header"
        case .transferEncodingWithContentLength:
            "the request has both Transfer-Encoding and Content-Length; send one of them"
        case .unsupportedTransferEncoding:
            "the only transfer coding this server reads is Transfer-Encoding: chunked, sent once, in an HTTP/1.1 request"
        }
    }
}
