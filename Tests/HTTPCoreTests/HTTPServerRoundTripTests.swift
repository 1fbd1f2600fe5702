import HTTPCore
import Platform
import TestSupport
import Testing

/// Requests and responses over real sockets: what the client sends is what the
/// handler sees, and what the handler returns is what the client gets.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerRoundTripTests {
    // MARK: - Request reaches the handler intact

    @Test func getRoundTrip() throws {
        try withEchoServer { server in
            let response = try TestHTTPConnection(port: server.port).request("GET", "/hello")
            #expect(response.status == 200)
            #expect(response.headers["X-Method"] == "GET")
            #expect(response.headers["X-Path"] == "/hello")
            #expect(response.headers["X-Query"] == nil)
            #expect(response.body.isEmpty)
        }
    }

    @Test func postBodyIsEchoed() throws {
        try withEchoServer { server in
            let body = Array(#"{"screen":"login","event":"submit"}"#.utf8)
            let response = try TestHTTPConnection(port: server.port).request("POST", "/events", body: body)
            #expect(response.status == 200)
            #expect(response.headers["X-Method"] == "POST")
            #expect(response.body == body)
        }
    }

    @Test func pathAndQueryArriveRawNotDecoded() throws {
        try withEchoServer { server in
            let response = try TestHTTPConnection(port: server.port)
                .request("GET", "/a%20b/c%2Fd/%E2%9C%93?x=1%202&y=%zz&z=a+b&&q")
            #expect(response.headers["X-Path"] == "/a%20b/c%2Fd/%E2%9C%93")
            #expect(response.headers["X-Query"] == "x=1%202&y=%zz&z=a+b&&q")
        }
    }

    @Test func emptyQueryAfterQuestionMark() throws {
        try withEchoServer { server in
            let response = try TestHTTPConnection(port: server.port).request("GET", "/p?")
            #expect(response.headers["X-Path"] == "/p")
            #expect(response.headers["X-Query"] == nil)
        }
    }

    @Test func requestHeadersAreCaseInsensitive() throws {
        try withEchoServer { server in
            let response = try TestHTTPConnection(port: server.port)
                .request("GET", "/", headers: [("X-TEST", "value 1"), ("Accept", "*/*")])
            #expect(response.headers["X-Echo-Test"] == "value 1")
            #expect(response.headers["X-Header-Count"] == "3")  // Host, X-TEST, Accept
        }
    }

    @Test func bodySentInSeveralWritesIsCollected() throws {
        try withEchoServer { server in
            let connection = try TestHTTPConnection(port: server.port)
            let parts = ["first part|", "second part|", "third part"]
            let length = parts.map(\.utf8.count).reduce(0, +)
            try connection.send("PUT /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(length)\r\n\r\n")
            for part in parts {
                usleep(50_000)
                try connection.send(part)
            }
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == parts.joined())
        }
    }

    @Test func chunkedBodyUnderTheLimitIsCollected() throws {
        try withEchoServer { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /chunked HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
            try connection.send("5\r\nhello\r\n")
            usleep(20_000)
            try connection.send("6\r\n world\r\n0\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "hello world")
        }
    }

    // MARK: - Keep-alive

    @Test func hundredRequestsOnOneConnection() throws {
        try withEchoServer { server in
            let connection = try TestHTTPConnection(port: server.port)
            for index in 0..<100 {
                let body: [UInt8] = index.isMultiple(of: 2) ? [] : [1, 2, 3]
                let response = try connection.request("GET", "/keep/\(index)", body: body)
                #expect(response.status == 200)
                #expect(response.headers["X-Path"] == "/keep/\(index)")
                // Nothing of the request before carries over: its body, its fields.
                #expect(response.body == body)
                #expect(response.headers["X-Header-Count"] == (body.isEmpty ? "1" : "2"))
                #expect(response.headers["Connection"]?.lowercased() != "close")
            }
            #expect(!connection.isClosedByServer(waitingUpTo: 0.1))
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withEchoServer { server in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send(
                "GET /one HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "POST /two HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
                    + "GET /three?q HTTP/1.1\r\nHost: x\r\n\r\n"
            )
            let paths = try (0..<3).map { _ in try connection.readResponse() }.map { $0.headers["X-Path"] }
            #expect(paths == ["/one", "/two", "/three"])
        }
    }

    // MARK: - Responses

    @Test func responseHeadersLibmicrohttpdRejectsAreSkipped() throws {
        try withEchoServer { server in
            let connection = try TestHTTPConnection(port: server.port)
            let response = try connection.request("GET", "/bad-headers")
            #expect(response.status == 200)
            #expect(response.headers["X-Good"] == "yes")
            #expect(response.headers["X-Evil"] == nil)
            #expect(response.headers["X-Injected"] == nil)
            #expect(response.headers["X-Nul"] == nil)
            // The connection is still usable afterwards.
            #expect(try connection.request("GET", "/after").status == 200)
        }
    }

    @Test func emptyResponseHeaderValueIsDropped() throws {
        // libmicrohttpd 0.9.75 refuses empty header values; the rest still goes out.
        try withEchoServer { server in
            let response = try TestHTTPConnection(port: server.port).request("GET", "/plain")
            #expect(response.status == 200)
            #expect(response.headers["X-Query"] == nil)
            #expect(response.headers["X-Path"] == "/plain")
        }
    }

    @Test(arguments: [(204, 204), (404, 404), (599, 599), (42, 500), (-1, 500), (1000, 500)])
    func statusIsSentOrReplacedWhenInvalid(status: Int, expected: Int) throws {
        try withEchoServer { server in
            let response = try TestHTTPConnection(port: server.port).request("GET", "/status/\(status)")
            #expect(response.status == expected)
        }
    }

    // MARK: - Bad input never reaches the handler or hurts the server

    @Test func malformedRequestLineIsRefusedAndServerKeepsServing() throws {
        let handler = EchoHandler()
        try withEchoServer(handler: handler) { server in
            let garbage = try TestHTTPConnection(port: server.port)
            try garbage.send("\u{1}\u{2} nonsense\r\n\r\n")
            #expect(try garbage.readResponse().status == 400)
            #expect(garbage.isClosedByServer())
            #expect(try TestHTTPConnection(port: server.port).request("GET", "/ok").status == 200)
            #expect(handler.handledRequests.load(ordering: .relaxed) == 1)
        }
    }

    @Test func headersLargerThanConnectionMemoryAreRefused() throws {
        let handler = EchoHandler()
        try withEchoServer(handler: handler, configure: { $0.connectionMemoryLimitBytes = 8 * 1024 }) { server in
            let connection = try TestHTTPConnection(port: server.port)
            let huge = String(repeating: "v", count: 16 * 1024)
            let response = try connection.request("GET", "/", headers: [("X-Huge", huge)])
            #expect(response.status == 431)
            #expect(connection.isClosedByServer())
            #expect(try TestHTTPConnection(port: server.port).request("GET", "/ok").status == 200)
            #expect(handler.handledRequests.load(ordering: .relaxed) == 1)
        }
    }
}
