import Coordination
import Dispatch
import NavigationAPI
import Platform
import TestSupport
import Testing

/// `GET /metrics`: exact counts after a known sequence of requests, in a page
/// that parses as strict Prometheus text.
@Suite("Metrics", .timeLimit(.minutes(10)), .hangGuard)
struct MetricsTests {
    private let requests = "navigation_http_requests_total"
    private let durations = "navigation_http_request_duration_seconds"

    /// Scrapes `/metrics`, checks its headers and parses the page.
    private func scrape(_ client: TestHTTPClient, sourceLocation: SourceLocation = #_sourceLocation) throws -> PrometheusTextParser {
        let response = try client.request("GET", "/metrics")
        #expect(response.status == 200, sourceLocation: sourceLocation)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8", sourceLocation: sourceLocation)
        #expect(response.header("Cache-Control") == "no-store", sourceLocation: sourceLocation)
        return try PrometheusTextParser(response.text)
    }

    private func requestCount(_ page: PrometheusTextParser, _ route: String, _ method: String, _ status: Int) -> Double? {
        page.value(requests, ["route": route, "method": method, "status": String(status)])
    }

    // MARK: - A known sequence

    @Test func countsAKnownSequenceOfRequestsExactly() throws {
        let server = try TestServer(maxBodyBytes: 1024)
        let client = server.client()
        #expect(try client.request("GET", "/healthz").status == 200)
        #expect(try client.request("HEAD", "/healthz").status == 200)
        #expect(try client.request("DELETE", "/healthz").status == 405)
        #expect(try client.request("GET", "/nowhere").status == 404)
        // Methods this API never answers (case counts) are all `OTHER`.
        #expect(try client.request("PATCH", "/healthz").status == 405)
        #expect(try client.request("get", "/nowhere").status == 404)
        var session = try client.createSession("exchange")
        // Sent, not applied: apply reads GET .../events too, which would be counted.
        let selected = try client.send("select", ["code": "USD"], to: session)
        #expect(selected.status == 200)
        session.document = try #require(selected.json)
        #expect(try client.send("select", ["code": "USD"], to: session, screen: "s1").status == 409)
        #expect(try client.send("convert", ["amount": "lots"], to: session).status == 422)
        #expect(try client.request("DELETE", session.path).status == 204)
        #expect(try client.send("back", to: session).status == 404)
        let oversized = server.client()
        #expect(try oversized.request("POST", "/v1/sessions", body: Array(repeating: UInt8(ascii: "x"), count: 4096)).status == 413)

        let page = try scrape(client)
        let expected: [(String, String, Int, Double)] = [
            ("/healthz", "GET", 200, 1), ("/healthz", "HEAD", 200, 1), ("/healthz", "DELETE", 405, 1),
            ("/healthz", "OTHER", 405, 1), ("unrouted", "GET", 404, 1), ("unrouted", "OTHER", 404, 1),
            ("unrouted", "OTHER", 413, 1),
            ("/v1/sessions", "POST", 201, 1),
            ("/v1/sessions/{id}/events", "POST", 200, 1), ("/v1/sessions/{id}/events", "POST", 409, 1),
            ("/v1/sessions/{id}/events", "POST", 422, 1), ("/v1/sessions/{id}/events", "POST", 404, 1),
            ("/v1/sessions/{id}", "DELETE", 204, 1),
        ]
        for (route, method, status, count) in expected {
            #expect(requestCount(page, route, method, status) == count, "\(method) \(route) \(status)")
        }
        // Nothing else was counted, and the scrape counts only after it is answered.
        #expect(page.samples(named: requests).count == expected.count)
        #expect(requestCount(page, "/metrics", "GET", 200) == nil)

        // One histogram series per route that was requested, counting the same requests.
        #expect(page.value(durations + "_count", ["route": "/v1/sessions/{id}/events"]) == 4)
        #expect(page.value(durations + "_bucket", ["route": "/v1/sessions/{id}/events", "le": "+Inf"]) == 4)
        #expect(page.value(durations + "_count", ["route": "/healthz"]) == 4)
        #expect(page.value(durations + "_count", ["route": "unrouted"]) == 3)
        #expect(
            Set(page.samples(named: durations + "_count").compactMap { $0.labels["route"] })
                == ["/healthz", "unrouted", "/v1/sessions", "/v1/sessions/{id}/events", "/v1/sessions/{id}"])
        #expect(page.types[durations] == "histogram")

        // Sessions: one created and ended; none alive or evicted.
        #expect(page.value("navigation_sessions_live") == 0)
        #expect(page.value("navigation_sessions_created_total") == 1)
        #expect(page.value("navigation_sessions_ended_total") == 1)
        #expect(page.value("navigation_sessions_evicted_total") == 0)
        #expect(page.types["navigation_sessions_live"] == "gauge")

        // Events reaching a live session, by flow and outcome; the one to the ended session is not an event.
        for flow in server.registry.flows.map(\.name) {
            for sample in page.samples(named: "navigation_events_total") where sample.labels["flow"] == flow {
                let outcome = sample.labels["outcome"] ?? ""
                let expected: Double =
                    switch (flow, outcome) {
                    case ("exchange", "accepted"), ("exchange", "screen-not-active"), ("exchange", "invalid-payload"): 1
                    default: 0
                    }
                #expect(sample.value == expected, "\(flow) \(outcome)")
            }
        }
        #expect(page.samples(named: "navigation_events_total").count == server.registry.flows.count * 21)  // accepted + 20 refusal kinds

        #expect(page.value("navigation_build_info", ["version": BuildInfo.version, "swift": BuildInfo.swiftVersion]) == 1)

        // The next scrape sees the first one.
        #expect(requestCount(try scrape(client), "/metrics", "GET", 200) == 1)
    }

    @Test func countsSessionsAliveAndEvicted() throws {
        var limits = SessionLimits.default
        limits.idleTimeout = 0.05
        let clock = TestClock(milliseconds: 1_796_112_000_000)
        let server = try TestServer(limits: limits, clock: clock)
        let client = server.client()
        _ = try client.createSession("exchange")
        _ = try client.createSession("app")
        #expect(try scrape(client).value("navigation_sessions_live") == 2)
        clock.advance(milliseconds: 150)
        #expect(server.registry.evictExpired() == 2)
        let page = try scrape(client)
        #expect(page.value("navigation_sessions_live") == 0)
        #expect(page.value("navigation_sessions_created_total") == 2)
        #expect(page.value("navigation_sessions_evicted_total") == 2)
        #expect(page.value("navigation_sessions_ended_total") == 0)
    }

    @Test func concurrentRequestsAreAllCounted() throws {
        let server = try TestServer()
        let threads = 4
        let perThread = 50
        let port = server.port
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let client = TestHTTPClient(port: port)
            for _ in 0..<perThread { _ = try? client.request("GET", "/healthz") }
        }
        let page = try scrape(server.client())
        #expect(requestCount(page, "/healthz", "GET", 200) == Double(threads * perThread))
        #expect(page.value(durations + "_count", ["route": "/healthz"]) == Double(threads * perThread))
    }

    @Test func headAnswersWithTheHeadersOnly() throws {
        let server = try TestServer()
        let response = try server.client().request("HEAD", "/metrics")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(response.body.isEmpty)
    }

    // MARK: - The parser itself

    @Test(arguments: [
        "x 1\n",  // no TYPE
        "# TYPE x counter\nx{a=\"1} 1\n",  // unterminated label
        "# TYPE x counter\nx 1\nx 2\n",  // repeated series
        "# TYPE x counter\nx one\n",  // bad value
        "# TYPE x counter\nx 1",  // no final newline
        "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n",
    ])
    func parserRejectsMalformedPages(page: String) {
        #expect(throws: PrometheusTextParser.ParseError.self) { try PrometheusTextParser(page) }
    }
}
