import Coordination
import TestSupport
import Testing

/// Hostile and broken requests against a live server: each gets a 4xx
/// problem+json (or, where HTTP allows no answer, a closed connection), the
/// session it aims at does not change, and the server goes on serving.
@Suite("Hostile input", .timeLimit(.minutes(10)), .hangGuard)
struct HostileInputTests {
    /// A server with one `exchange` session and the session's bytes as created.
    private struct Target {
        let server: TestServer
        let session: ClientSession
        let original: [UInt8]

        init() throws {
            server = try TestServer(maxBodyBytes: 64 * 1024)
            let client = server.client()
            session = try client.createSession("exchange")
            original = try client.request("GET", session.path).body
        }

        /// The session is byte for byte as created, and a fresh client is served.
        func expectIntactAndServing(sourceLocation: SourceLocation = #_sourceLocation) throws {
            let client = server.client()
            #expect(try client.request("GET", "/healthz").status == 200, sourceLocation: sourceLocation)
            let now = try client.request("GET", session.path)
            #expect(now.status == 200, sourceLocation: sourceLocation)
            #expect(now.body == original, "the session changed: \(now.text)", sourceLocation: sourceLocation)
            #expect(server.registry.count == 1, sourceLocation: sourceLocation)
        }

        /// Sends `request` on a new connection: it is refused with one of
        /// `statuses` or the connection is closed, and then the session is
        /// intact and the server serving.
        func expectRefusedOrClosed(
            _ request: String, with statuses: Set<Int>, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let client = server.client()
            try? client.send(Array(request.utf8))
            if let response = try? client.readResponse() {
                #expect(statuses.contains(response.status), "\(response.status)", sourceLocation: sourceLocation)
            } else {
                #expect(client.serverClosedConnection(), sourceLocation: sourceLocation)
            }
            try expectIntactAndServing(sourceLocation: sourceLocation)
        }

        func post(_ path: String, _ body: String) throws -> TestResponse {
            try post(path, Array(body.utf8))
        }

        func post(_ path: String, _ body: [UInt8]) throws -> TestResponse {
            try server.client().request("POST", path, headers: [("Content-Type", "application/json")], body: body)
        }
    }

    // MARK: - Bodies

    @Test(arguments: [
        "{\"screen\":\"s1\",\"event\":\"select\",\"payload\":{\"code\":\"USD\"}",  // truncated
        "{\"screen\":\"s1\",\"event\":", "{\"screen\"", "{", "[", "\"", "{\"screen\":\"s1\" \"event\":\"select\"}",
        "{'screen':'s1'}", "{\"screen\":\"s1\",\"event\":\"select\",}", "nul", "{\"screen\":\"s1\"}}", "\u{FEFF}{}",
        "{\"screen\":\"s1\",\"event\":\"select\",\"payload\":{\"code\":\"USD\"}}garbage", "{\"a\":1e999999}",
    ])
    func malformedAndTruncatedJSONIs400(body: String) throws {
        let target = try Target()
        let response = try target.post(target.session.path + "/events", body)
        expectProblem(response, 400, "malformed-json")
        try target.expectIntactAndServing()
    }

    @Test(arguments: [
        (#"{"screen":1,"event":"select"}"#, 400, "invalid-request"),
        (#"{"screen":"s1","event":["select"]}"#, 400, "invalid-request"),
        (#"{"screen":null,"event":null}"#, 400, "invalid-request"),
        (#"{"screen":"s1","event":"select","payload":[1]}"#, 400, "invalid-request"),
        (#"{"screen":"s1","event":"select","payload":{"code":7}}"#, 422, "invalid-payload"),
        (#"{"screen":"s1","event":"select","payload":{"code":{"$ne":1}}}"#, 422, "invalid-payload"),
        (#"{"screen":"s1","event":"select","payload":{"code":"USD","extra":true}}"#, 422, "invalid-payload"),
        (#"{"screen":true,"event":false,"payload":false}"#, 400, "invalid-request"),
        (#"{"screen":"s999","event":"select","payload":{"code":"USD"}}"#, 409, "screen-not-active"),
        (#"{"screen":"s1","event":"back"}"#, 422, "event-not-accepted"),
    ])
    func wrongTypesEverywhereAreRefused(body: String, status: Int, type: String) throws {
        let target = try Target()
        expectProblem(try target.post(target.session.path + "/events", body), status, type)
        try target.expectIntactAndServing()
    }

    @Test(arguments: [
        #"{"flow":7}"#, #"{"flow":"exchange","context":"x"}"#, #"{"flow":["exchange"]}"#, #"{"flow":{"name":"exchange"}}"#,
    ])
    func wrongTypesInCreateAreRefusedAndCreateNothing(body: String) throws {
        let target = try Target()
        expectProblem(try target.post("/v1/sessions", body), 400, "invalid-request")
        try target.expectIntactAndServing()
    }

    @Test(arguments: [[0xFF], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] as [[UInt8]])
    func invalidUTF8IsRefused(badBytes: [UInt8]) throws {
        let target = try Target()
        let body = Array(#"{"screen":"s1","event":"select","payload":{"code":""#.utf8) + badBytes + Array(#""}}"#.utf8)
        expectProblem(try target.post(target.session.path + "/events", body), 400, "malformed-json")
        let inPath = try target.server.client().request("GET", "/v1/sessions/%FF%FE" + String(repeating: "a", count: 28))
        // A path segment that is not UTF-8 once decoded names no resource at all.
        expectProblem(inPath, 404, "not-found")
        try target.expectIntactAndServing()
    }

    @Test(arguments: ["[", "{\"a\":"])
    func nestingTenThousandDeepIsRefused(opener: String) throws {
        let target = try Target()
        let deep = String(repeating: opener, count: 10_000) + "1"
        let body = #"{"screen":"s1","event":"select","payload":{"code":"# + deep + "}}"
        expectProblem(try target.post(target.session.path + "/events", body), 400, "malformed-json")
        let create = #"{"flow":"exchange","context":{"x":"# + deep + "}}"
        expectProblem(try target.post("/v1/sessions", create), 400, "malformed-json")
        try target.expectIntactAndServing()
    }

    @Test func bodyOverTheLimitWithContentLengthIs413() throws {
        let target = try Target()
        let padding = String(repeating: " ", count: 64 * 1024)
        let response = try target.post(target.session.path + "/events", #"{"screen":"s1","event":"select"}"# + padding)
        expectProblem(response, 413, "body-too-large")
        try target.expectIntactAndServing()
    }

    @Test func chunkedBodyOverTheLimitIs413OrClosed() throws {
        let target = try Target()
        let client = target.server.client()
        var bytes = Array(
            ("POST \(target.session.path)/events HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n").utf8)
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 8 * 1024)
        for _ in 0..<10 { bytes += Array("2000\r\n".utf8) + chunk + Array("\r\n".utf8) }
        bytes += Array("0\r\n\r\n".utf8)
        try? client.send(bytes)
        if let response = try? client.readResponse() {
            expectProblem(response, 413, "body-too-large")
        } else {
            #expect(client.serverClosedConnection())
        }
        try target.expectIntactAndServing()
    }

    @Test func chunkedBodyWithinTheLimitIsAccepted() throws {
        let target = try Target()
        let client = target.server.client()
        let json = Array(#"{"screen":"s1","event":"select","payload":{"code":"USD"}}"#.utf8)
        var bytes = Array(
            ("POST \(target.session.path)/events HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n").utf8)
        for piece in [json[..<10], json[10..<11], json[11...]] {
            bytes += Array(String(piece.count, radix: 16).utf8) + Array("\r\n".utf8) + Array(piece) + Array("\r\n".utf8)
        }
        bytes += Array("0\r\n\r\n".utf8)
        try client.send(bytes)
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.json?["version"]?.intValue == 2)
    }

    // MARK: - Request line and headers

    @Test func headersOverTheConnectionMemoryLimitAreRefusedOrClosed() throws {
        let target = try Target()
        let huge = String(repeating: "a", count: 70 * 1024)
        try target.expectRefusedOrClosed(
            "GET \(target.session.path) HTTP/1.1\r\nHost: localhost\r\nX-Huge: \(huge)\r\n\r\n", with: [400, 413, 431])
    }

    @Test func manyHeadersAreRefusedOrClosed() throws {
        let target = try Target()
        let headers = (0..<5000).map { "X-H\($0): v\r\n" }.joined()
        try target.expectRefusedOrClosed("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\(headers)\r\n", with: [400, 413, 431])
    }

    @Test func aURLOf100KilobytesIsRefusedOrClosed() throws {
        let target = try Target()
        let path = "/v1/sessions/" + String(repeating: "a", count: 100 * 1024)
        try target.expectRefusedOrClosed("GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n", with: [400, 404, 414, 431])
    }

    @Test(arguments: ["FROB", "get", "PATCH", "PUT", "TRACE", "CONNECT", "OPTIONS", "PROPFIND"])
    func unknownMethodsAre405OnKnownPathsAnd404Elsewhere(method: String) throws {
        let target = try Target()
        let client = target.server.client()
        let known = try client.request(method, target.session.path)
        if method == "CONNECT" {
            // CONNECT's target is an authority, not a path; any 4xx (or a close) is fine.
            #expect((400..<500).contains(known.status))
        } else {
            expectProblem(known, 405, "method-not-allowed")
            #expect(known.header("Allow") == "GET, HEAD, DELETE")
            expectProblem(try client.request(method, "/nowhere"), 404, "not-found")
        }
        try target.expectIntactAndServing()
    }

    // MARK: - Paths

    @Test(arguments: [
        "/v1/../healthz", "/v1/sessions/../../openapi.yaml", "/%2e%2e/openapi.yaml", "/v1/%2e%2e/v1/flows",
        "/./healthz", "//healthz", "/healthz/", "/healthz/..", "/healthz%00", "/healthz%2F", "/v1%2Fflows",
        "/v1/sessions/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/..%2F..%2F..%2Fetc%2Fpasswd", "/v1/flows%3F",
        "/%252e%252e/healthz", "/v1/flows/%", "/v1/flows/%zz", "/static/../../etc/passwd", "/index.html",
        "/../../../../etc/passwd", "/v1/sessions/\u{2025}",
    ])
    func dotDotAndPercentTricksAre404(path: String) throws {
        let target = try Target()
        let response = try target.server.client().request("GET", path)
        #expect(response.status == 404, "\(path): \(response.text)")
        #expect(response.header("Content-Type") == "application/problem+json; charset=utf-8")
        #expect(!response.text.contains("root:"))
        try target.expectIntactAndServing()
    }

    @Test func dotDotInsideASessionPathNamesNoSession() throws {
        let target = try Target()
        let client = target.server.client()
        let response = try client.request(
            "POST", target.session.path + "/../" + target.session.id + "/events",
            json: ["screen": "s1", "event": "select", "payload": ["code": "USD"]])
        expectProblem(response, 404, "not-found")
        try target.expectIntactAndServing()
    }

    // MARK: - Query strings

    /// As many as fit in the default 16 KiB of a connection's memory
    /// (ConnectionMemoryTests covers the limit itself).
    @Test func thousandsOfQueryParametersAreHandled() throws {
        let target = try Target()
        let client = target.server.client()
        let ignored = (0..<1200).map { "p\($0)=\($0)" }.joined(separator: "&")
        let fine = try client.request("GET", target.session.path + "/history?" + ignored)
        #expect(fine.status == 200)
        #expect(fine.json?["version"]?.intValue == 1)

        let repeated = (0..<1200).map { "since=\($0)" }.joined(separator: "&")
        expectProblem(try client.request("GET", target.session.path + "/history?" + repeated), 400, "invalid-query")
        let junk = String(repeating: "&=&%&%zz&since&", count: 800)
        let junkResponse = try client.request("GET", target.session.path + "/history?" + junk)
        #expect([200, 400].contains(junkResponse.status))
        #expect(junkResponse.status == 200 || junkResponse.json?["type"]?.stringValue == "urn:navigation-server:problem:invalid-query")
        try target.expectIntactAndServing()
    }

    // MARK: - Echo

    @Test func clientTextInProblemsIsEscaped() throws {
        let target = try Target()
        let hostile = "</script><script>alert(1)</script>\"\\\u{0}\u{1B}"
        let response = try target.post("/v1/sessions", try JSONValue.object(["flow": .string(hostile)]).encodedString())
        expectProblem(response, 404, "flow-not-found")
        #expect(!response.text.contains("\u{0}"))
        #expect(!response.text.contains("\u{1B}"))
        // The detail, parsed back, is what was sent, its control characters spelled out.
        #expect(response.json?["detail"]?.stringValue?.contains("</script><script>alert(1)</script>\"\\\\u{0}\\u{1B}") == true)
        #expect(response.header("Content-Type") == "application/problem+json; charset=utf-8")
        try target.expectIntactAndServing()
    }
}

extension JSONValue {
    fileprivate func encodedString() throws -> String {
        String(decoding: encoded(), as: UTF8.self)
    }
}
