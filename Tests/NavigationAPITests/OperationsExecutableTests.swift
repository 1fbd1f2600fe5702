import Coordination
import Foundation
import TestSupport
import Testing

/// What an operator of the `navigation-server` binary relies on: structured
/// request logs with request ids, draining on SIGTERM, and the healthcheck
/// subcommand of the container image.
@Suite("navigation-server operations", .timeLimit(.minutes(10)), .hangGuard)
struct OperationsExecutableTests {
    private static func isGeneratedID(_ text: String) -> Bool {
        text.wholeMatch(of: /[0-9a-f]{16}-[0-9a-f]+/) != nil
    }

    /// RFC 3339 UTC with milliseconds.
    private static func isTimestamp(_ text: String?) -> Bool {
        text?.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil
    }

    // MARK: - Logs

    @Test func jsonLogHasOneLinePerRequestWithTheRouteTemplateAndTheRequestID() throws {
        let server = try LaunchedServer(["--log-format", "json"])
        let client = server.client()
        let health = try client.request("GET", "/healthz", headers: [("X-Request-ID", "trace-42.a_b")])
        #expect(health.header("X-Request-ID") == "trace-42.a_b")
        let session = try client.createSession("exchange")
        let invalid = try client.request("GET", session.path, headers: [("X-Request-ID", "not valid!")])
        let generated = try #require(invalid.header("X-Request-ID"))
        #expect(Self.isGeneratedID(generated), "\(generated)")
        client.disconnect()

        let (status, log) = try server.stop()
        #expect(status == 0)
        let lines = try log.map { line in try #require(try? JSONParser.parse(line), "not JSON: \(line)") }
        let requests = lines.filter { $0["msg"]?.stringValue == "request" }
        try #require(requests.count == 3, "\(log)")
        #expect(requests[0]["request_id"]?.stringValue == "trace-42.a_b")
        #expect(requests[0]["method"]?.stringValue == "GET")
        #expect(requests[0]["route"]?.stringValue == "/healthz")
        #expect(requests[0]["status"]?.intValue == 200)
        #expect(requests[0]["level"]?.stringValue == "info")
        #expect((requests[0]["duration_us"]?.intValue ?? -1) >= 0)
        #expect(Self.isTimestamp(requests[0]["time"]?.stringValue))
        #expect(requests[1]["route"]?.stringValue == "/v1/sessions")
        #expect(requests[1]["status"]?.intValue == 201)
        // The route template, never the raw path with the session id.
        #expect(requests[2]["route"]?.stringValue == "/v1/sessions/{id}")
        #expect(requests[2]["request_id"]?.stringValue == generated)
        #expect(!log.joined().contains(session.id))
        #expect(lines.contains { $0["msg"]?.stringValue == "stopped" })
    }

    @Test func textLogIsOneReadableLinePerRequest() throws {
        let server = try LaunchedServer(["--log-format=text"])
        let response = try server.client().request("GET", "/v1/flows", headers: [("X-Request-ID", "abc")])
        #expect(response.status == 200)
        let (_, log) = try server.stop()
        let line = try #require(log.first { $0.contains(" request ") })
        let match = try #require(
            line.wholeMatch(of: /^(\S+) info request request_id=abc method=GET route=\/v1\/flows status=200 duration_us=\d+$/), "\(line)")
        #expect(Self.isTimestamp(String(match.1)))
    }

    @Test func logLevelAboveInfoLeavesRequestsOut() throws {
        // Connection limits any machine's open-file limit allows: nothing to warn about.
        let server = try LaunchedServer(
            ["--max-connections", "512", "--max-streams", "256"],
            environment: ["NAVIGATION_LOG_LEVEL": "warn", "NAVIGATION_LOG_FORMAT": "json"])
        #expect(try server.client().request("GET", "/healthz").status == 200)
        let (status, log) = try server.stop()
        #expect(status == 0)
        #expect(log.isEmpty, "\(log)")
    }

    // MARK: - Draining

    /// A drain far longer than the test: a second SIGTERM cuts it short,
    /// so nothing depends on doing the checks within the drain.
    @Test func sigtermDrainsNotReadyButServingThenStops() throws {
        let server = try LaunchedServer(["--drain-seconds", "600", "--log-format", "json"])
        #expect(try server.client().request("GET", "/readyz").status == 200)
        server.child.signal(SIGTERM)
        try waitUntil("/readyz to answer 503 once SIGTERM is handled", pollingEvery: 0.02) {
            (try? server.client().request("GET", "/readyz").status) == 503
        }
        #expect(server.process.isRunning)
        #expect(try server.client().request("GET", "/healthz").status == 200)
        let (status, log) = try server.stop(SIGTERM)
        #expect(status == 0)
        let lines = log.compactMap { try? JSONParser.parse($0) }
        #expect(
            lines.compactMap { $0["msg"]?.stringValue }.filter { $0 != "request" }
                == ["store open", "flow", "flow", "flow", "draining", "stopping", "stopped"])
        // One line per hosted flow: its versions, the current one, its live sessions.
        let flows = lines.filter { $0["msg"] == "flow" }
        #expect(flows.map { $0["flow"]?.stringValue } == ["app", "exchange", "mail"])
        #expect(flows.allSatisfy { $0["current"] != nil && $0["versions"] != nil && $0["sessions"] == 0 }, "\(flows)")
        // A draining server's 503 is expected, not an error.
        let notReady = lines.filter { $0["route"]?.stringValue == "/readyz" && $0["status"]?.intValue == 503 }
        #expect(!notReady.isEmpty && notReady.allSatisfy { $0["level"]?.stringValue == "warn" })
    }

    // MARK: - Healthcheck subcommand

    @Test func healthcheckExitsZeroWhileServingAndOneWhenNothingAnswers() throws {
        let server = try LaunchedServer(["--host", "0.0.0.0"])
        let port = String(server.port)
        // The container's way: host and port from the environment, 0.0.0.0 probed on loopback.
        #expect(try LaunchedServer.healthcheck([], environment: ["NAVIGATION_HOST": "0.0.0.0", "NAVIGATION_PORT": port]) == 0)
        #expect(try LaunchedServer.healthcheck(["--port", port]) == 0)
        _ = try server.stop()
        #expect(try LaunchedServer.healthcheck(["--port", port]) == 1)
    }

    @Test func healthcheckWithABadFlagExitsTwo() throws {
        #expect(try LaunchedServer.healthcheck(["--port", "nope"]) == 2)
    }
}
