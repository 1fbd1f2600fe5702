import HTTPCore
import TestSupport
import Testing

/// Heads that two HTTP parsers can read differently (request smuggling) are
/// refused: one 400 from the handler's `response(for: .malformedRequest)`,
/// the connection closed, nothing handled, and nothing after the head run as
/// another request. Each shape is sent as raw bytes, exactly as written.
///
/// What libmicrohttpd 0.9.75 did with each by itself, before the HTTP layer
/// checked: two `Content-Length`s, the first won and the rest of the bytes
/// ran as a second request; `Content-Length : N` was ignored (the body ran
/// as a request); `Transfer-Encoding` other than `chunked` read the body
/// until the connection closed (the client waited for nothing); chunked with
/// `Content-Length` and two `Transfer-Encoding`s read the first as chunked;
/// `/healthz\0/v1/flows` served `/healthz`; a space or control byte in the
/// target, bare LF, folded lines, control bytes in values and a missing
/// `Host` were all served.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerStrictParsingTests {
    /// A request that another request follows in the same bytes: if any of
    /// it ran, the echo handler would answer `/smuggled`.
    private static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"

    static let refusedHeads: [(String, HTTPSyntaxViolation)] = [
        // Body lengths
        ("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 34\r\n\r\n" + smuggled, .repeatedContentLength),
        ("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", .repeatedContentLength),
        ("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length : 34\r\n\r\n" + smuggled, .invalidHeaderName),
        ("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length\t: 34\r\n\r\n" + smuggled, .invalidHeaderName),
        // Transfer codings
        ("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n{}", .unsupportedTransferEncoding),
        ("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n{}", .unsupportedTransferEncoding),
        ("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n", .unsupportedTransferEncoding),
        ("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked \r\n\r\n0\r\n\r\n", .unsupportedTransferEncoding),
        (
            "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n",
            .unsupportedTransferEncoding
        ),
        ("POST /a HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .unsupportedTransferEncoding),
        ("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\nContent-Length: 2\r\n\r\n{}", .transferEncodingWithContentLength),
        (
            "POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 39\r\n\r\n0\r\n\r\n" + smuggled,
            .transferEncodingWithContentLength
        ),
        // The target
        ("GET /healthz\u{0}/v1/flows HTTP/1.1\r\nHost: x\r\n\r\n", .invalidCharacterInTarget),
        ("GET /a\u{1}b HTTP/1.1\r\nHost: x\r\n\r\n", .invalidCharacterInTarget),
        ("GET /a\tb HTTP/1.1\r\nHost: x\r\n\r\n", .invalidCharacterInTarget),
        ("GET /a\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n", .invalidCharacterInTarget),
        ("GET /a?q=\u{1B} HTTP/1.1\r\nHost: x\r\n\r\n", .invalidCharacterInTarget),
        ("GET /a /smuggled HTTP/1.1\r\nHost: x\r\n\r\n", .invalidCharacterInTarget),
        // Line ends and folding
        ("GET /a HTTP/1.1\nHost: x\n\n", .malformedLine),
        ("GET /a HTTP/1.1\nHost: x\r\n\r\n", .malformedLine),
        ("GET /a HTTP/1.1\r\nHost: x\nX-A: b\r\n\r\n", .malformedLine),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX-A: b\r\n\n", .malformedLine),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX-A:\n\r\n", .malformedLine),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX-A: b\r\n c\r\n\r\n", .malformedLine),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX-A: b\r\n\tc\r\n\r\n", .malformedLine),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX-A: b\u{0}c\r\n\r\n", .malformedLine),
        ("GET /a HTTP/1.1\r\nHost: x\r\n: b\r\n\r\n", .malformedLine),
        // Names and values
        ("GET /a HTTP/1.1\r\nHost: x\r\nX A: b\r\n\r\n", .invalidHeaderName),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX/A: b\r\n\r\n", .invalidHeaderName),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX-A: b\u{1}c\r\n\r\n", .controlCharacterInHeaderValue),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX-A: b\rc\r\n\r\n", .controlCharacterInHeaderValue),
        ("GET /a HTTP/1.1\r\nHost: x\r\nX-A: b\u{7F}\r\n\r\n", .controlCharacterInHeaderValue),
        // Host
        ("GET /a HTTP/1.1\r\n\r\n", .hostHeader),
        ("GET /a HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", .hostHeader),
        ("GET /a HTTP/1.0\r\nHost: x\r\nHost: y\r\n\r\n", .hostHeader),
    ]

    @Test(arguments: refusedHeads)
    func aHeadTwoParsersReadDifferentlyIs400AndCloses(head: String, violation: HTTPSyntaxViolation) throws {
        let handler = EchoHandler()
        try withEchoServer(handler: handler) { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send(Array(head.utf8))
            let response = try connection.readResponse(skippingInterim: false)
            #expect(response.status == 400)
            #expect(response.bodyText == violation.rawValue)
            #expect(response.headers["Connection"]?.lowercased() == "close")
            // Nothing more is answered: not a 100 Continue before, not the smuggled request after.
            #expect(connection.isClosedByServer())
            #expect(handler.handledRequests.load(ordering: .relaxed) == 0)
            // The server goes on serving.
            #expect(try TestHTTPConnection(port: server.port).request("GET", "/after").headers["X-Path"] == "/after")
        }
    }

    static let acceptedHeads: [String] = [
        "GET /ok HTTP/1.1\r\nHost:x\r\n\r\n",
        "GET /ok HTTP/1.1\r\nHost: x \t \r\nX-A: b  \r\n\r\n",
        "GET /ok HTTP/1.1\r\nHost: x\r\nX-A: a\tb\r\nX-B: été\r\nX-C:\r\nX-D: \r\n\r\n",
        "GET /ok HTTP/1.1\r\nHost: x\r\nCookie: a=b; c=d\r\nX-After-Cookie: z\r\n\r\n",
        "GET /ok?q=%20a&b=%00 HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /%6F%6B HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /ok HTTP/1.0\r\n\r\n",
        "\r\nGET /ok HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /ok HTTP/1.1\r\nhost: x\r\nCONTENT-length: 0\r\n\r\n",
        "POST /ok HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n",
        "GET /ok HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "v", count: 9000))\r\nX-After: y\r\n\r\n",
        "GET /ok HTTP/1.1\r\nHost: x\r\n" + (0..<150).map { "X-H\($0): \($0)\r\n" }.joined() + "\r\n",
        "GET /ok HTTP/1.1\r\nHost: x\r\nX-Tokens: !#$%&'*+-.^_`|~\r\n!#$%&'*+-.^_`|~Az09: v\r\n\r\n",
    ]

    @Test(arguments: acceptedHeads)
    func aWellFormedHeadIsServed(head: String) throws {
        let handler = EchoHandler()
        try withEchoServer(handler: handler, configure: { $0.connectionMemoryLimitBytes = 32 * 1024 }) { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send(Array(head.utf8))
            let response = try connection.readResponse()
            #expect(response.status == 200, "\(response.bodyText)")
            #expect(handler.handledRequests.load(ordering: .relaxed) == 1)
        }
    }

    /// A head that arrives a byte at a time grows libmicrohttpd's read buffer
    /// line by line; it is still read, and checked, as one.
    @Test func aHeadSentByteByByteIsServedAndABadOneRefused() throws {
        let handler = EchoHandler()
        try withEchoServer(handler: handler) { server in
            let padding = String(repeating: "m", count: 3000)
            for (head, status) in [
                ("GET /ok HTTP/1.1\r\nHost: x\r\nX-Mid: \(padding)\r\nX-Z: 1\r\n\r\n", 200),
                ("GET /ok HTTP/1.1\r\nHost: x\r\nX-Mid: \(padding)\r\nX-Z: 1\n\r\n", 400),
            ] {
                let connection = try TestHTTPConnection(port: server.port)
                for byte in head.utf8 { try connection.send([byte]) }
                #expect(try connection.readResponse().status == status)
            }
            #expect(handler.handledRequests.load(ordering: .relaxed) == 1)
        }
    }

    /// Pipelined and kept-alive requests are each checked against their own
    /// head: a bad one after good ones is refused, and the good ones before
    /// it were answered.
    @Test func everyRequestOnAConnectionIsCheckedOnItsOwn() throws {
        let handler = EchoHandler()
        try withEchoServer(handler: handler) { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("GET /one HTTP/1.1\r\nHost: x\r\n\r\nPOST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            #expect(try connection.readResponse().headers["X-Path"] == "/one")
            #expect(try connection.readResponse().bodyText == "abc")
            #expect(try connection.request("GET", "/three").headers["X-Path"] == "/three")
            try connection.send("GET /four HTTP/1.1\r\nHost: x\r\nX-A: 1\nX-B: 2\r\n\r\n")
            #expect(try connection.readResponse().bodyText == HTTPSyntaxViolation.malformedLine.rawValue)
            #expect(connection.isClosedByServer())
            #expect(handler.handledRequests.load(ordering: .relaxed) == 3)
        }
    }
}
