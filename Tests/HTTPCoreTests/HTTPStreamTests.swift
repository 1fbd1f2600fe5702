import HTTPCore
import Platform
import Synchronization
import TestSupport
import Testing

/// ``HTTPStream``: a response body written while it is sent.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPStreamTests {
    /// Answers `/stream` with a new stream (kept in `streams`), anything else with 200 "plain".
    private final class StreamingHandler: HTTPHandler {
        let streams = LockedBox<[HTTPStream]>([])
        let capacity: Int

        init(capacity: Int = 1024) { self.capacity = capacity }

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            guard request.path == "/stream" else { return HTTPResponse(status: 200, body: Array("plain".utf8)) }
            let stream = HTTPStream(
                capacityBytes: capacity, overflowNotice: Array("[overflow]".utf8), stopNotice: Array("[stop]".utf8))
            streams.withLock { $0.append(stream) }
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], stream: stream)
        }

        func response(for rejection: HTTPRequestRejection) -> HTTPResponse { HTTPResponse(status: 413) }

        /// The stream of the `index`th request, once the handler made it.
        func stream(_ index: Int) throws -> HTTPStream {
            try waitUntil("the handler to make stream \(index)") { streams.withLock { $0.count > index } }
            return streams.withLock { $0[index] }
        }
    }

    private func start(_ handler: StreamingHandler) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        return server
    }

    /// A connection that asked for `/stream` (closing after it), and the
    /// stream the handler answered it with.
    private func requestStream(
        from server: HTTPServer, _ handler: StreamingHandler
    ) throws -> (connection: TestHTTPConnection, stream: HTTPStream) {
        let connection = try TestHTTPConnection(port: server.port)
        try connection.sendRequest("GET", "/stream", headers: [("Connection", "close")])
        return (connection, try handler.stream(0))
    }

    private func dechunked(_ body: [UInt8]) -> String? {
        ChunkedBody.data(body)
    }

    /// The decoder the stream tests rely on reads every chunk: a body sent
    /// in several chunks (as when a read comes between two sends) is not
    /// cut short after the first.
    @Test func aBodyInSeveralChunksDecodesWhole() {
        let body = Array("9\r\nhello wor\r\n2\r\nld\r\n1\r\n!\r\n0\r\n\r\n".utf8)
        #expect(dechunked(body) == "hello world!")
        #expect(dechunked(Array(body.dropLast(5))) == nil)
    }

    @Test func writtenBytesArriveInOrderAndCloseEndsTheResponse() throws {
        let handler = StreamingHandler()
        let server = try start(handler)
        defer { server.stop() }
        let (connection, stream) = try requestStream(from: server, handler)
        #expect(stream.send([Array("hello ".utf8), Array("wor".utf8)]))
        #expect(stream.send([Array("ld".utf8)]))
        stream.close(with: [Array("!".utf8)])
        #expect(!stream.send([Array("late".utf8)]))
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["Transfer-Encoding"] == "chunked")
        #expect(dechunked(response.body) == "hello world!")
        #expect(server.openStreamCount == 0)
    }

    /// One worker thread: while a stream waits (suspended), it still serves
    /// other connections, and the stream wakes when written to.
    @Test func anIdleStreamLeavesTheWorkerThreadFree() throws {
        let handler = StreamingHandler()
        let server = try start(handler)
        defer { server.stop() }
        let (streaming, stream) = try requestStream(from: server, handler)
        #expect(server.openStreamCount == 1)
        for _ in 0..<3 {
            #expect(try TestHTTPConnection(port: server.port).request("GET", "/other").bodyText == "plain")
        }
        stream.send([Array("woken".utf8)])
        stream.close()
        #expect(dechunked(try streaming.readResponse().body) == "woken")
    }

    @Test func aSendPastTheBoundClosesWithTheOverflowNotice() throws {
        let handler = StreamingHandler(capacity: 8)
        let server = try start(handler)
        defer { server.stop() }
        let (connection, stream) = try requestStream(from: server, handler)
        #expect(!stream.send([Array("more than eight".utf8)]))
        #expect(stream.hasOverflowed)
        #expect(!stream.isOpen)
        #expect(dechunked(try connection.readResponse().body) == "[overflow]")
    }

    @Test func stopEndsEveryStreamWithItsNoticeWithoutWaitingForClients() throws {
        let handler = StreamingHandler()
        let server = try start(handler)
        let connections = try (0..<3).map { _ in try TestHTTPConnection(port: server.port) }
        for (index, connection) in connections.enumerated() {
            try connection.sendRequest("GET", "/stream")
            _ = try handler.stream(index)
        }
        let ended = LockedBox<[HTTPStream.Ending]>([])
        for index in 0..<3 {
            try handler.stream(index).whenClosed { ending in ended.withLock { $0.append(ending) } }
        }
        server.stop(deadline: 600)
        for connection in connections {
            #expect(dechunked(try connection.readResponse().body) == "[stop]")
        }
        #expect(ended.withLock { $0 } == [.closed, .closed, .closed])
        #expect(server.openStreamCount == 0)
    }
}
