import Coordination
import NavigationAPI
import TestSupport
import Testing

/// No answer is much larger than its request, and what a problem echoes of
/// a request shows as what was sent: field errors are listed up to a bound
/// and counted past it, echoed text is cut, and invisible characters are
/// spelled out.
@Suite("Bounded answers", .timeLimit(.minutes(10)), .hangGuard)
struct BoundedAnswerTests {
    /// An object of `count` members `k0`, `k1`, … , about `count * 8` bytes.
    private static func manyKeys(_ count: Int) -> String {
        "{" + (0..<count).map { "\"k\($0)\":1" }.joined(separator: ",") + "}"
    }

    private func post(_ server: TestServer, _ path: String, _ body: String) throws -> TestResponse {
        try server.client().request("POST", path, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
    }

    private func expectBounded(_ response: TestResponse, listing count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.body.count < 64 * 1024, "\(response.body.count) bytes", sourceLocation: sourceLocation)
        #expect(response.json?["errors"]?.arrayValue?.count == 20, sourceLocation: sourceLocation)
        #expect(response.json?["omittedErrors"]?.intValue == count - 20, sourceLocation: sourceLocation)
        let detail = response.json?["detail"]?.stringValue ?? ""
        #expect(detail.hasSuffix("; and \(count - 5) more"), "\(detail)", sourceLocation: sourceLocation)
    }

    @Test func aMegabyteOfUnknownPayloadMembersIsAnsweredInUnder64KB() throws {
        let server = try TestServer(maxBodyBytes: 1 << 20)
        let session = try server.client().createSession("exchange")
        let count = 80_000
        let body = "{\"screen\":\"s1\",\"event\":\"select\",\"payload\":" + Self.manyKeys(count) + "}"
        #expect(body.utf8.count > 800_000)
        let response = try post(server, session.path + "/events", body)
        expectProblem(response, 422, "invalid-payload")
        // The payload's own `code` is missing too: one more problem.
        expectBounded(response, listing: count + 1)
    }

    @Test func aMegabyteOfUnknownContextMembersIsAnsweredInUnder64KB() throws {
        let server = try TestServer(maxBodyBytes: 1 << 20)
        let count = 80_000
        let response = try post(server, "/v1/sessions", "{\"flow\":\"app\",\"context\":" + Self.manyKeys(count) + "}")
        expectProblem(response, 422, "invalid-context")
        expectBounded(response, listing: count)
    }

    @Test func unknownRequestMembersAreBoundedToo() throws {
        let server = try TestServer(maxBodyBytes: 1 << 20)
        let count = 50_000
        let members = (0..<count).map { "\"m\($0)\":1" }.joined(separator: ",")
        let response = try post(server, "/v1/sessions", "{\"flow\":\"app\"," + members + "}")
        expectProblem(response, 400, "invalid-request")
        expectBounded(response, listing: count)
    }

    @Test func echoedTextIsCutAndItsFieldNamesToo() throws {
        let server = try TestServer(maxBodyBytes: 1 << 20)
        let name = String(repeating: "x", count: 500_000)
        let flow = try post(server, "/v1/sessions", "{\"flow\":\"\(name)\"}")
        expectProblem(flow, 404, "flow-not-found")
        #expect(flow.body.count < 4 * 1024)
        #expect(flow.json?["detail"]?.stringValue?.hasSuffix("…") == true)

        let session = try server.client().createSession("exchange")
        let field = try post(server, session.path + "/events", "{\"screen\":\"s1\",\"event\":\"select\",\"payload\":{\"\(name)\":1}}")
        expectProblem(field, 422, "invalid-payload")
        #expect(field.body.count < 4 * 1024)
        let listed = field.json?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        #expect(listed.contains { $0.hasPrefix("xxx") && $0.hasSuffix("…") && $0.utf8.count <= 128 })
    }

    @Test func invisibleCharactersInAnEchoedLinkAreSpelledOut() throws {
        let server = try TestServer()
        let session = try server.client().createSession("exchange")
        // A right-to-left override and a zero-width space inside the path.
        let link = "/rat\u{202E}es/\u{200B}USD"
        let response = try server.client().request("POST", session.path + "/links", json: ["link": .string(link)])
        #expect(response.status == 404 || response.status == 400 || response.status == 422)
        let detail = try #require(response.json?["detail"]?.stringValue)
        #expect(!detail.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x200B })
        #expect(detail.contains("\\u{202E}") && detail.contains("\\u{200B}"), "\(detail)")
    }
}

/// The parts of a bearer header.
@Suite("API key: the bearer scheme", .timeLimit(.minutes(10)), .hangGuard)
struct BearerSchemeTests {
    @Test(arguments: ["Bearer s3cret", "bearer s3cret", "BEARER s3cret", "Bearer   s3cret"])
    func theSchemeIsCaseInsensitive(header: String) throws {
        let server = try TestServer(options: NavigationAPI.Options(apiKey: APIKey("s3cret")))
        #expect(try server.client().request("GET", "/v1/flows", headers: [("Authorization", header)]).status == 200)
    }

    @Test(arguments: ["Basic s3cret", "Bearers3cret", "Bearer", "Bearer s3cre", "Bearer s3cret ", "Token s3cret"])
    func otherSchemesAndWrongKeysAre401(header: String) throws {
        let server = try TestServer(options: NavigationAPI.Options(apiKey: APIKey("s3cret")))
        expectProblem(try server.client().request("GET", "/v1/flows", headers: [("Authorization", header)]), 401, "unauthorized")
    }
}

/// `--allowed-hosts`: the defence against DNS rebinding.
@Suite("Allowed hosts", .timeLimit(.minutes(10)), .hangGuard)
struct AllowedHostsTests {
    private func status(_ server: TestServer, host: String, path: String = "/v1/flows") throws -> Int {
        try server.client().request("GET", path, headers: [("Host", host)]).status
    }

    @Test func aServerWithoutAKeyAnswersOnlyLocalNamesAndAddresses() throws {
        let server = try TestServer()
        for host in ["localhost", "localhost:8080", "app.localhost:1", "127.0.0.1:9", "10.1.2.3", "[::1]:8080", "[fe80::1]"] {
            #expect(try status(server, host: host) == 200, "\(host)")
        }
        for host in ["evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.evil.example", "999.1.1.1"] {
            let response = try server.client().request("GET", "/", headers: [("Host", host)])
            expectProblem(response, 421, "host-not-allowed")
        }
    }

    @Test func aServerWithAKeyAnswersAnyName() throws {
        let server = try TestServer(options: NavigationAPI.Options(apiKey: APIKey("k")))
        #expect(try status(server, host: "anything.example", path: "/healthz") == 200)
    }

    @Test func configuredNamesAndDomainsAreAnsweredBesideTheLocalOnes() throws {
        let policy = try #require(HostPolicy("app.example.com, .example.org"))
        let server = try TestServer(options: NavigationAPI.Options(allowedHosts: policy))
        for host in ["app.example.com", "APP.example.com:443", "example.org", "a.b.example.org", "localhost"] {
            #expect(try status(server, host: host) == 200, "\(host)")
        }
        for host in ["example.com", "www.app.example.com", "badexample.org"] {
            #expect(try status(server, host: host) == 421, "\(host)")
        }
    }

    @Test func theFlagTakesStarOrNames() {
        #expect(HostPolicy("*") == .any)
        #expect(HostPolicy("a.example, .b.example")?.description == "a.example,.b.example")
        for bad in ["", "a b", "http://a.example", "a..example", ".", "a.example/", "a_b.example"] {
            #expect(HostPolicy(bad) == nil, "\(bad)")
        }
    }
}
