import Dispatch
import HTTPCore
import Platform
import Synchronization
import TestSupport
import Testing

/// The test handler: echoes the request back so tests can see exactly what
/// reached the handler.
///
/// - any path: 200, `X-Method`, `X-Path`, `X-Query`, `X-Echo-Test` (the
///   request's `x-test` header, looked up in lower case) and the request body;
///   `X-Query` is left out when the query is empty;
/// - `/held`: the same once the test signals ``releaseHeldRequest``
///   (``heldRequestEntered`` is signalled on the way in);
/// - `/bad-headers`: headers libmicrohttpd must reject, plus one good one;
/// - `/status/N`: status N.
final class EchoHandler: HTTPHandler {
    let heldRequestEntered = DispatchSemaphore(value: 0)
    let releaseHeldRequest = DispatchSemaphore(value: 0)
    let handledRequests = Atomic<Int>(0)

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        handledRequests.add(1, ordering: .relaxed)
        if request.path == "/held" {
            heldRequestEntered.signal()
            // Bounded, so that a test that failed before releasing it cannot hang the server's stop.
            _ = releaseHeldRequest.wait(timeout: .now() + WaitBound.threads)
        }
        if request.path == "/bad-headers" {
            return HTTPResponse(
                status: 200,
                headers: [
                    "X-Injected": "a\r\nX-Evil: 1",
                    "X-Nul": "a\u{0}b",
                    "Bad Name": "x",
                    "X-Good": "yes",
                ])
        }
        if request.path.hasPrefix("/status/"), let status = Int(request.path.dropFirst("/status/".count)) {
            return HTTPResponse(status: status)
        }
        var headers: HTTPHeaders = [
            "X-Method": request.method,
            "X-Path": request.path,
            "X-Header-Count": String(request.headers.count),
        ]
        // libmicrohttpd drops empty header values, so an empty query is absent.
        if !request.query.isEmpty {
            headers.add("X-Query", request.query)
        }
        if let test = request.headers["x-test"] {
            headers.add("X-Echo-Test", test)
        }
        return HTTPResponse(status: 200, headers: headers, body: request.body)
    }

    func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
        switch rejection {
        case .bodyTooLarge(let limit):
            HTTPResponse(status: 413, headers: ["Content-Type": "text/plain"], body: Array("body over \(limit) bytes".utf8))
        case .malformedRequest(let violation):
            HTTPResponse(status: 400, headers: ["Content-Type": "text/plain"], body: Array(violation.rawValue.utf8))
        }
    }
}

/// Starts a server for `handler` on 127.0.0.1 and an ephemeral port, runs
/// `body`, and stops the server whatever happens.
func withServer(
    handler: some HTTPHandler,
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (HTTPServer) throws -> Void
) throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: handler)
    try server.start()
    defer { server.stop() }
    try body(server)
}

/// ``withServer(handler:configure:_:)`` with an ``EchoHandler``.
func withEchoServer(
    handler: EchoHandler = EchoHandler(),
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (HTTPServer) throws -> Void
) throws {
    try withServer(handler: handler, configure: configure, body)
}

/// An echo server whose bodies are limited to `maxBodyBytes`, with the
/// handler passed to `body` so that a test can see what reached it.
func withLimitedEchoServer(
    maxBodyBytes: Int,
    _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (HTTPServer, EchoHandler) throws -> Void
) throws {
    let handler = EchoHandler()
    try withEchoServer(
        handler: handler,
        configure: { configuration in
            configuration.maxBodyBytes = maxBodyBytes
            configure(&configuration)
        }
    ) { server in
        try body(server, handler)
    }
}

/// Checks the answer to a body over `limit`: the handler's 413, given
/// before the body so the connection is not kept alive, and no request
/// handled.
func expectBodyOverLimitAnswered(
    _ response: TestHTTPResponse, limit: Int, on connection: TestHTTPConnection, handler: EchoHandler,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status == 413, sourceLocation: sourceLocation)
    #expect(response.bodyText == "body over \(limit) bytes", sourceLocation: sourceLocation)
    #expect(response.headers["Connection"]?.lowercased() == "close", sourceLocation: sourceLocation)
    #expect(connection.isClosedByServer(), sourceLocation: sourceLocation)
    #expect(handler.handledRequests.load(ordering: .relaxed) == 0, sourceLocation: sourceLocation)
}
