import Platform
import TestSupport
import Testing

@testable import HTTPCore

/// `maxBodyBytes` is enforced while receiving, and the handler chooses the 413.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerBodyLimitTests {
    private static let limit = 1024

    private func withLimitedServer(
        _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        _ body: (HTTPServer, EchoHandler) throws -> Void
    ) throws {
        try withLimitedEchoServer(maxBodyBytes: Self.limit, configure, body)
    }

    @Test func declaredLengthOverLimitIsAnsweredWithoutSendingTheBody() throws {
        try withLimitedServer { server, handler in
            let connection = try TestHTTPConnection(port: server.port)
            // Headers only: a server waiting for the body would never answer (the read's bound ends the wait).
            try connection.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(Self.limit + 1)\r\n\r\n")
            expectBodyOverLimitAnswered(try connection.readResponse(), limit: Self.limit, on: connection, handler: handler)
        }
    }

    @Test func expectContinueOverLimitGets413InsteadOf100() throws {
        try withLimitedServer { server, _ in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send(
                "PUT /big HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 999999999\r\n\r\n"
            )
            #expect(try connection.readResponse().status == 413)
        }
    }

    @Test func bodyExactlyAtLimitIsAccepted() throws {
        try withLimitedServer { server, _ in
            let body = [UInt8](repeating: 7, count: Self.limit)
            let response = try TestHTTPConnection(port: server.port).request("POST", "/exact", body: body)
            #expect(response.status == 200)
            #expect(response.body == body)
        }
    }

    @Test func chunkedBodyOverLimitIsRejected() throws {
        try withLimitedServer { server, handler in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = String(repeating: "z", count: 600)
            for _ in 0..<3 {
                try connection.send("258\r\n\(chunk)\r\n")  // 0x258 = 600
            }
            try connection.send("0\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 413)
            #expect(response.headers["Connection"]?.lowercased() == "close")
            #expect(handler.handledRequests.load(ordering: .relaxed) == 0)
        }
    }

    @Test func endlessChunkedBodyIsCutOff() throws {
        try withLimitedServer({ $0.lingeringDiscardBytes = 64 * 1024 }) { server, _ in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /flood HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = "1000\r\n" + String(repeating: "z", count: 0x1000) + "\r\n"
            // 256 KiB, far past the limit plus the 64 KiB discard bound: the
            // server must close rather than keep reading (sending then fails or
            // the peer is closed).
            var sendFailed = false
            for _ in 0..<64 where !sendFailed {
                sendFailed = (try? connection.send(chunk)) == nil
            }
            #expect(sendFailed || connection.isClosedByServer())
        }
    }

    @Test func rejectedAndAbortedRequestsLeaveNothingInFlight() throws {
        try withLimitedServer { server, _ in
            do {
                let connection = try TestHTTPConnection(port: server.port)
                try connection.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n")
                _ = try connection.readResponse()
            }
            do {
                // Headers then a partial body, then the client hangs up.
                let connection = try TestHTTPConnection(port: server.port)
                try connection.send("POST /partial HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc")
                usleep(50_000)
            }
            try waitUntil("no request in flight (\(server.inFlightRequestCount) now)") { server.inFlightRequestCount == 0 }
        }
    }
}
