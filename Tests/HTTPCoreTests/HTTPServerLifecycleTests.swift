import HTTPCore
import Platform
import Testing

/// Start, bind and stop: idle → running → stopped.
@Suite struct HTTPServerLifecycleTests {
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

    @Test(arguments: ["::1", "[::1]"])
    func ipv6LiteralStartsOrFailsReadably(host: String) {
        let server = makeServer { $0.host = host }
        do {
            try server.start()
            #expect(server.port > 0)
            server.stop()
        } catch {
            // Containers without IPv6 cannot bind ::1; that must be a start
            // failure, not an invalid-host error.
            guard case .startFailed = error else {
                Issue.record("unexpected \(error)")
                return
            }
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

    @Test func stopWhileIdleIsPromptAndIdempotent() throws {
        let server = makeServer()
        server.stop()  // before start: nothing to do
        try server.start()
        let port = server.port
        // An idle keep-alive connection must not hold the stop up.
        let idle = try TestHTTPConnection(port: port)
        #expect(try idle.request("GET", "/").status == 200)

        let elapsed = ContinuousClock().measure { server.stop(deadline: 5) }
        #expect(elapsed < .seconds(4))  // below the 5 s deadline, with room for a loaded machine
        server.stop()
        server.stop(deadline: 0)
        #expect(idle.isClosedByServer())
        #expect(throws: (any Error).self) { try TestHTTPConnection(port: port) }
    }

    @Test func gracefulStopLetsAnInFlightRequestFinish() throws {
        let handler = EchoHandler()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        let connection = try TestHTTPConnection(port: server.port)
        try connection.sendRequest("GET", "/slow")
        while !handler.slowRequestEntered.load(ordering: .sequentiallyConsistent) {
            usleep(1_000)
        }

        let elapsed = ContinuousClock().measure { server.stop(deadline: 5) }
        // The response was sent before stop returned: it is already buffered.
        let response = try connection.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["X-Path"] == "/slow")
        #expect(response.headers["Connection"]?.lowercased() == "close")
        #expect(elapsed >= .milliseconds(100))
        #expect(elapsed < .seconds(2))
    }
}
