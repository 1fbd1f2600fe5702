import Foundation
import HTTPCore
import Platform
import TestSupport
import Testing

/// Start, bind and stop: idle → running → stopped.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerLifecycleTests {
    private func makeServer(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configure(&configuration)
        return HTTPServer(configuration: configuration, handler: EchoHandler())
    }

    // MARK: - Binding

    @Test func portZeroBindsARealPort() throws {
        let server = makeServer()
        #expect(server.port == 0)
        try server.start()
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(try TestHTTPConnection(port: server.port).request("GET", "/").status == 200)
    }

    @Test func twoServersRunAtOnce() throws {
        let first = makeServer()
        let second = makeServer()
        try first.start()
        defer { first.stop() }
        try second.start()
        defer { second.stop() }
        #expect(first.port != second.port)
        #expect(try TestHTTPConnection(port: first.port).request("GET", "/first").headers["X-Path"] == "/first")
        #expect(try TestHTTPConnection(port: second.port).request("GET", "/second").headers["X-Path"] == "/second")
    }

    @Test(arguments: ["localhost", "0.0.0.0"])
    func acceptedHostNamesServeLoopback(host: String) throws {
        let server = makeServer { $0.host = host }
        try server.start()
        defer { server.stop() }
        #expect(try TestHTTPConnection(port: server.port).request("GET", "/").status == 200)
    }

    /// `::1` serves over IPv6 wherever the machine has an IPv6 loopback;
    /// only where it has none may the start fail, and then as a start
    /// failure, not an invalid host.
    @Test(arguments: ["::1", "[::1]"])
    func ipv6LiteralServesOrFailsReadably(host: String) throws {
        let token = UUID().uuidString
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.host = host
        let server = HTTPServer(configuration: configuration, handler: TokenHandler(token: token))
        do {
            try server.start()
        } catch {
            guard case .startFailed = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!TestHTTPConnection.loopbackIPv6Binds, "::1 binds on this machine, yet the server did not start: \(error)")
            return
        }
        defer { server.stop() }
        #expect(server.port > 0)
        let response = try TestHTTPConnection(port: server.port, ipv6: true).request("GET", "/over-ipv6")
        #expect(response.status == 200)
        #expect(response.headers["X-Token"] == token)
        // Nothing of this server's listens on IPv4. Another process on this
        // machine may hold the same port number on 127.0.0.1, so a
        // connection there may be answered, but never by this server.
        if let other = try? TestHTTPConnection(port: server.port) {
            #expect((try? other.request("GET", "/over-ipv4"))?.headers["X-Token"] != token, "the server answers over IPv4")
        }
    }

    /// Answers every request with its own token, so that no other server can pass for it.
    private struct TokenHandler: HTTPHandler {
        let token: String

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            HTTPResponse(status: 200, headers: HTTPHeaders([("X-Token", token)]))
        }

        func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
            HTTPResponse(status: 400)
        }
    }

    // MARK: - Start errors

    @Test(arguments: ["example.com", "", "256.0.0.1", "127.0.0.1:80", "::zz"])
    func invalidHostIsReportedReadably(host: String) {
        let server = makeServer { $0.host = host }
        #expect(throws: HTTPServerError.invalidHost(host)) { try server.start() }
        #expect(HTTPServerError.invalidHost(host).description.contains("invalid host \"\(host)\""))
    }

    @Test func portInUseIsAStartFailureWithTheReason() throws {
        let first = makeServer()
        try first.start()
        defer { first.stop() }
        let second = makeServer { $0.port = first.port }
        do {
            try second.start()
            second.stop()
            Issue.record("second server bound a port already in use")
        } catch {
            guard case .startFailed(let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.contains("127.0.0.1:\(first.port)"))
            #expect(reason.contains("in use"))
            #expect(error.description.hasPrefix("HTTP server failed to start on 127.0.0.1:"))
        }
    }

    @Test func samePortCanBeBoundAgainRightAfterStop() throws {
        let first = makeServer()
        try first.start()
        let port = first.port
        // A served and closed connection leaves the port in TIME_WAIT.
        let connection = try TestHTTPConnection(port: port)
        #expect(try connection.request("GET", "/", headers: [("Connection", "close")]).status == 200)
        first.stop()

        let second = makeServer { $0.port = port }
        try second.start()
        defer { second.stop() }
        #expect(second.port == port)
        #expect(try TestHTTPConnection(port: port).request("GET", "/again").status == 200)
    }

    @Test func outOfRangeConfigurationIsRejected() {
        #expect(throws: HTTPServerError.self) { try makeServer { $0.threads = 0 }.start() }
        #expect(throws: HTTPServerError.self) { try makeServer { $0.port = 70_000 }.start() }
        #expect(throws: HTTPServerError.self) { try makeServer { $0.maxBodyBytes = -1 }.start() }
        #expect(throws: HTTPServerError.self) { try makeServer { $0.lingeringSeconds = -1 }.start() }
        #expect(throws: HTTPServerError.self) { try makeServer { $0.lingeringSeconds = 3601 }.start() }
        #expect(throws: HTTPServerError.self) { try makeServer { $0.lingeringDiscardBytes = -1 }.start() }
    }

    @Test func startTwiceIsRefused() throws {
        let server = makeServer()
        try server.start()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
        server.stop()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }

    // MARK: - Stopping

    /// An idle keep-alive connection does not hold a stop up until its
    /// deadline: with an hour's deadline, the stop returns (the bound of the
    /// wait guards against a hang; nothing is timed).
    @Test func stopWhileIdleIsPromptAndIdempotent() throws {
        let server = makeServer()
        server.stop()  // before start: nothing to do
        try server.start()
        let port = server.port
        let idle = try TestHTTPConnection(port: port)
        #expect(try idle.request("GET", "/").status == 200)

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop(deadline: 3600)
            stopped.signal()
        }
        try stopped.wait(for: "stop(deadline: 3600) to return with an idle connection open", within: WaitBound.condition)
        server.stop()
        server.stop(deadline: 0)
        #expect(idle.isClosedByServer())
        #expect(throws: (any Error).self) { try TestHTTPConnection(port: port) }
    }

    /// A stop waits for the request in flight, which is held until the
    /// stop is under way, then answers it with `Connection: close`.
    @Test func gracefulStopLetsAnInFlightRequestFinish() throws {
        let handler = EchoHandler()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        // The held request blocks its thread: others answer the probes below.
        configuration.threads = 4
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        let port = server.port
        let connection = try TestHTTPConnection(port: port, timeoutSeconds: 120)
        try connection.sendRequest("GET", "/held")
        try handler.heldRequestEntered.wait(for: "the held request to reach the handler", within: WaitBound.condition)

        let stopReturned = LockedBox(false)
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop(deadline: 3600)
            stopReturned.withLock { $0 = true }
            stopped.signal()
        }
        // The stop is under way once new requests are answered with `Connection: close`.
        try waitUntil("the stop to begin draining") {
            let probe = try? TestHTTPConnection(port: port, timeoutSeconds: 1).request("GET", "/probe")
            return probe?.headers["Connection"]?.lowercased() == "close"
        }
        // Time for a stop that does not wait to return: a correct one cannot.
        usleep(200_000)
        #expect(!stopReturned.withLock { $0 }, "stop returned while a request was in flight")
        handler.releaseHeldRequest.signal()
        try stopped.wait(for: "the stop to return once the request finished", within: WaitBound.condition)

        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["X-Path"] == "/held")
        #expect(response.headers["Connection"]?.lowercased() == "close")
    }
}
