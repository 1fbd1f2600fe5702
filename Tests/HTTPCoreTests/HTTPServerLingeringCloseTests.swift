import Platform
import TestSupport
import Testing

@testable import HTTPCore

/// Early answers reach clients that write their whole request before reading
/// (as Python's `http.client` does): after answering, the server keeps reading
/// and dropping what the client sends, within bounds, instead of closing under
/// it — which would make the kernel reset the connection and the client's
/// `send` fail before it ever reads the answer.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerLingeringCloseTests {
    private static let limit = 1024
    private static let threeMiB = 3 << 20

    private func withServer(
        _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        _ body: (HTTPServer, EchoHandler) throws -> Void
    ) throws {
        try withLimitedEchoServer(maxBodyBytes: Self.limit, configure, body)
    }

    /// A client that writes megabytes before reading. Its send buffer is kept
    /// small, as on a real network where the bytes cannot all be in flight:
    /// its `send` completes only as the server reads.
    private func writeFirstClient(_ server: HTTPServer) throws -> TestHTTPConnection {
        try TestHTTPConnection(port: server.port, sendBufferBytes: 64 * 1024)
    }

    /// A chunked request of `chunkCount` chunks of 64 KiB, terminated.
    private static func chunkedRequest(chunkCount: Int) -> [UInt8] {
        var request = Array("POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "c"), count: 0x10000) + Array("\r\n".utf8)
        for _ in 0..<chunkCount { request += chunk }
        return request + Array("0\r\n\r\n".utf8)
    }

    /// Sends `piece` again and again until a send fails (the server closed
    /// and the connection was reset) or `seconds` pass (a bound against a
    /// hang); true when cut off.
    private func isCutOff(
        _ connection: TestHTTPConnection, sending piece: [UInt8], pausingMicroseconds pause: UInt32,
        forUpTo seconds: Double = WaitBound.condition
    ) -> Bool {
        let clock = ContinuousClock()
        let giveUp = clock.now.advanced(by: .seconds(seconds))
        while clock.now < giveUp {
            guard (try? connection.send(piece)) != nil else { return true }
            if pause > 0 { usleep(pause) }
        }
        return false
    }

    // MARK: - Answers are read

    @Test func contentLengthBodyOverTheLimitSentInFullStillGets413() throws {
        try withServer { server, handler in
            let connection = try writeFirstClient(server)
            // Every byte is written before anything is read.
            try connection.sendRequest("POST", "/big", body: [UInt8](repeating: 1, count: Self.threeMiB))
            expectBodyOverLimitAnswered(try connection.readResponse(), limit: Self.limit, on: connection, handler: handler)
        }
    }

    @Test func chunkedBodyOverTheLimitSentInFullStillGets413() throws {
        try withServer { server, handler in
            let connection = try writeFirstClient(server)
            try connection.send(Self.chunkedRequest(chunkCount: Self.threeMiB / 0x10000))
            expectBodyOverLimitAnswered(try connection.readResponse(), limit: Self.limit, on: connection, handler: handler)
        }
    }

    // libmicrohttpd's own answers, for requests it refuses before the handler.

    @Test func headersOverTheMemoryLimitFollowedByABodyGet431() throws {
        try withServer { server, handler in
            let connection = try writeFirstClient(server)
            let huge = String(repeating: "h", count: 100 * 1024)
            try connection.sendRequest("POST", "/", headers: [("X-Huge", huge)], body: [UInt8](repeating: 1, count: Self.threeMiB))
            #expect(try connection.readResponse().status == 431)
            #expect(handler.handledRequests.load(ordering: .relaxed) == 0)
        }
    }

    @Test func aRequestLineOverTheMemoryLimitFollowedByABodyGets414() throws {
        try withServer { server, handler in
            let connection = try writeFirstClient(server)
            let target = "/" + String(repeating: "u", count: 100 * 1024)
            try connection.sendRequest("POST", target, body: [UInt8](repeating: 1, count: Self.threeMiB))
            #expect(try connection.readResponse().status == 414)
            #expect(handler.handledRequests.load(ordering: .relaxed) == 0)
        }
    }

    @Test func aMalformedHeaderFollowedByABodyGets400() throws {
        try withServer { server, handler in
            let connection = try writeFirstClient(server)
            let head = "POST / HTTP/1.1\r\nHost: x\r\nNo colon here\r\nContent-Length: \(Self.threeMiB)\r\n\r\n"
            try connection.send(Array(head.utf8) + [UInt8](repeating: 1, count: Self.threeMiB))
            #expect(try connection.readResponse().status == 400)
            #expect(handler.handledRequests.load(ordering: .relaxed) == 0)
        }
    }

    // MARK: - Bounds

    @Test func aClientSendingPastTheDiscardBoundIsCutOff() throws {
        try withServer({ $0.lingeringDiscardBytes = 256 * 1024 }) { server, _ in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(1 << 30)\r\n\r\n")
            #expect(try connection.readResponse().status == 413)
            // Up to 64 MiB, far past the 256 KiB bound, sent as fast as possible.
            let piece = [UInt8](repeating: 1, count: 64 * 1024)
            var cutOff = false
            for _ in 0..<1024 where !cutOff {
                cutOff = (try? connection.send(piece)) == nil
            }
            #expect(cutOff)
        }
    }

    @Test func lingeringEndsAfterLingeringSeconds() throws {
        try withServer({
            $0.lingeringSeconds = 1
            $0.lingeringDiscardBytes = 1 << 30
        }) { server, _ in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(1 << 30)\r\n\r\n")
            #expect(try connection.readResponse().status == 413)
            // A trickle far below the byte bound: only the time bound ends it.
            let piece = [UInt8](repeating: 1, count: 1024)
            #expect(isCutOff(connection, sending: piece, pausingMicroseconds: 20_000))
        }
    }

    @Test func aChunkedBodyTricklingPastLingeringSecondsIsCutOff() throws {
        try withServer({ $0.lingeringSeconds = 1 }) { server, handler in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /chunked HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = Array("400\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "c"), count: 0x400) + Array("\r\n".utf8)
            #expect(isCutOff(connection, sending: chunk, pausingMicroseconds: 20_000))
            #expect(handler.handledRequests.load(ordering: .relaxed) == 0)
        }
    }

    @Test func stoppingTheServerClosesLingeringConnections() throws {
        try withServer({ $0.lingeringSeconds = 3600 }) { server, _ in
            let connection = try TestHTTPConnection(port: server.port)
            try connection.send("POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: \(1 << 30)\r\n\r\n")
            #expect(try connection.readResponse().status == 413)
            // Still lingering: what the client sends is read and dropped.
            try connection.send([UInt8](repeating: 1, count: 1 << 20))
            server.stop()
            let piece = [UInt8](repeating: 1, count: 1024)
            #expect(isCutOff(connection, sending: piece, pausingMicroseconds: 10_000))
        }
    }

    @Test func withLingeringOffAnOverLimitChunkedBodyIsCutOffAtOnce() throws {
        try withServer({ $0.lingeringSeconds = 0 }) { server, _ in
            let connection = try TestHTTPConnection(port: server.port)
            let sent = (try? connection.send(Self.chunkedRequest(chunkCount: 4))) != nil
            // No answer: the send fails, or the connection ends without one (not a read that waited in vain).
            if sent {
                #expect(performing: { try connection.readResponse() }, throws: { "\($0)" == "\(TestHTTPError.closedByServer)" })
            }
        }
    }
}
