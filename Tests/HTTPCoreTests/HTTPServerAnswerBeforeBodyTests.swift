import HTTPCore
import Platform
import Synchronization
import TestSupport
import Testing

/// `HTTPHandler.response(beforeBodyOf:)`: access is decided from the head,
/// before any of the body is read or `100 Continue` is sent.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerAnswerBeforeBodyTests {
    /// Refuses (401) every request without `X-Key: open`; echoes the rest
    /// (method, path and body). Records each head it was shown.
    private final class GateHandler: HTTPHandler {
        let heads = LockedBox<[HTTPRequestHead]>([])
        let handledRequests = Atomic<Int>(0)
        let bodyBytesReceivedBeforeAsking: Int?

        init(bodyBytesReceivedBeforeAsking: Int? = nil) {
            self.bodyBytesReceivedBeforeAsking = bodyBytesReceivedBeforeAsking
        }

        func response(beforeBodyOf head: HTTPRequestHead) -> HTTPResponse? {
            heads.withLock { $0.append(head) }
            guard head.headers["X-Key"] != "open" else { return nil }
            return HTTPResponse(status: 401, headers: ["WWW-Authenticate": "Bearer"], body: Array("no key".utf8))
        }

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            handledRequests.add(1, ordering: .relaxed)
            return HTTPResponse(status: 200, headers: ["X-Path": request.path], body: request.body)
        }

        func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
            switch rejection {
            case .bodyTooLarge: HTTPResponse(status: 413)
            case .malformedRequest: HTTPResponse(status: 400)
            }
        }
    }

    private func withGate(
        maxBodyBytes: Int = 2 << 20, bodyBytesReceivedBeforeAsking: Int? = nil, _ body: (HTTPServer, GateHandler) throws -> Void
    ) throws {
        let handler = GateHandler(bodyBytesReceivedBeforeAsking: bodyBytesReceivedBeforeAsking)
        try withServer(handler: handler, configure: { $0.maxBodyBytes = maxBodyBytes }) { server in
            try body(server, handler)
        }
    }

    private static let oneMiB = 1 << 20

    /// The head of a 1 MiB upload, without its body.
    private static func uploadHead(expectingContinue: Bool, key: String? = nil) -> String {
        var head = "POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(oneMiB)\r\n"
        if expectingContinue { head += "Expect: 100-continue\r\n" }
        if let key { head += "X-Key: \(key)\r\n" }
        return head + "\r\n"
    }

    /// The refusal comes before any of the body is sent: the server neither
    /// waits for the body nor invites it with `100 Continue`, and closes the
    /// connection after answering.
    @Test(arguments: [true, false])
    func aRefusedUploadIsAnsweredBeforeItsBody(expectingContinue: Bool) throws {
        try withGate { server, handler in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send(Self.uploadHead(expectingContinue: expectingContinue))
            // The first thing the server sends is the refusal, not `100 Continue`.
            let response = try connection.readResponse(skippingInterim: false)
            #expect(response.status == 401)
            #expect(response.bodyText == "no key")
            #expect(response.headers["Connection"]?.lowercased() == "close")
            #expect(connection.isClosedByServer())
            #expect(handler.handledRequests.load(ordering: .relaxed) == 0)
            #expect(handler.heads.withLock { $0.count } == 1)
        }
    }

    /// A client that sends its whole body anyway, before reading, still reads
    /// the refusal (the server reads and drops the body while it closes).
    @Test func aRefusedUploadSentWholeStillReadsItsAnswer() throws {
        try withGate { server, handler in
            let connection = try TestHTTPConnection(port: server.port, sendBufferBytes: 64 * 1024)
            try connection.send(Array(Self.uploadHead(expectingContinue: false).utf8) + [UInt8](repeating: 7, count: Self.oneMiB))
            #expect(try connection.readResponse().status == 401)
            #expect(handler.handledRequests.load(ordering: .relaxed) == 0)
        }
    }

    /// With the key, the same upload is invited with `100 Continue`,
    /// received whole and handled.
    @Test func anAdmittedUploadIsContinuedAndHandledWithItsBody() throws {
        try withGate { server, handler in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send(Self.uploadHead(expectingContinue: true, key: "open"))
            #expect(try connection.readResponse(skippingInterim: false).status == 100)
            try connection.send([UInt8](repeating: 7, count: Self.oneMiB))
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.body.count == Self.oneMiB)
            #expect(handler.handledRequests.load(ordering: .relaxed) == 1)
        }
    }

    /// A refused request without a body has nothing left to read: it is
    /// answered like any other and its connection stays open.
    @Test func aRefusedRequestWithoutBodyKeepsItsConnection() throws {
        try withGate { server, handler in
            let connection = try TestHTTPConnection(port: server.port)
            let refused = try connection.request("GET", "/private")
            #expect(refused.status == 401)
            #expect(refused.headers["Connection"] == nil)
            #expect(try connection.request("GET", "/private", headers: [("X-Key", "open")]).status == 200)
            #expect(try connection.request("DELETE", "/private").status == 401)
            #expect(handler.handledRequests.load(ordering: .relaxed) == 1)
        }
    }

    /// The head holds everything but the body, as the client sent it.
    @Test func theHeadCarriesMethodRawPathQueryHeadersAndClient() throws {
        try withGate { server, handler in
            let connection = try TestHTTPConnection(port: server.port)
            _ = try connection.request("PUT", "/a%20b/c?x=1&y=%41", headers: [("X-Key", "open"), ("X-Other", "v")], body: [1, 2])
            let head = try #require(handler.heads.withLock { $0.first })
            #expect(head.method == "PUT")
            #expect(head.path == "/a%20b/c")
            #expect(head.query == "x=1&y=%41")
            #expect(head.headers["x-other"] == "v")
            #expect(head.headers["Content-Length"] == "2")
            #expect(head.clientAddress == "127.0.0.1")
        }
    }

    /// A handler that receives small bodies first is not asked about a
    /// request without a body or with one up to its bound: the gate never
    /// sees those, and they are handled. A larger body, `Expect` and a
    /// chunked body are still asked about, and refused from the head.
    @Test func smallBodiesAreReceivedBeforeTheHandlerIsAsked() throws {
        try withGate(bodyBytesReceivedBeforeAsking: 16) { server, handler in
            let connection = try TestHTTPConnection(port: server.port)
            #expect(try connection.request("GET", "/small").status == 200)
            #expect(try connection.request("POST", "/small", body: [UInt8](repeating: 7, count: 16)).status == 200)
            #expect(handler.heads.withLock { $0.isEmpty })
            #expect(handler.handledRequests.load(ordering: .relaxed) == 2)

            #expect(try connection.request("POST", "/large", body: [UInt8](repeating: 7, count: 17)).status == 401)
            let expecting = try TestHTTPConnection(port: server.port)
            try expecting.send("POST /expecting HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nExpect: 100-continue\r\n\r\n")
            #expect(try expecting.readResponse(skippingInterim: false).status == 401)
            let chunked = try TestHTTPConnection(port: server.port)
            try chunked.send("POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\r\n")
            #expect(try chunked.readResponse().status == 401)
            #expect(handler.heads.withLock { $0.map(\.path) } == ["/large", "/expecting", "/chunked"])
            #expect(handler.handledRequests.load(ordering: .relaxed) == 2)
        }
    }

    /// The server's own refusals come first: a malformed head is 400 before
    /// the handler is asked, and the handler is asked before the body limit.
    @Test func aMalformedHeadIsRefusedBeforeTheHandlerIsAsked() throws {
        try withGate(maxBodyBytes: 1024) { server, handler in
            let malformed = try TestHTTPConnection(port: server.port)
            try malformed.send("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n")
            #expect(try malformed.readResponse().status == 400)
            #expect(handler.heads.withLock { $0.isEmpty })

            let tooLarge = try TestHTTPConnection(port: server.port)
            try tooLarge.send(Self.uploadHead(expectingContinue: true))
            #expect(try tooLarge.readResponse(skippingInterim: false).status == 401)
            let admittedTooLarge = try TestHTTPConnection(port: server.port)
            try admittedTooLarge.send(Self.uploadHead(expectingContinue: true, key: "open"))
            #expect(try admittedTooLarge.readResponse(skippingInterim: false).status == 413)
        }
    }
}
