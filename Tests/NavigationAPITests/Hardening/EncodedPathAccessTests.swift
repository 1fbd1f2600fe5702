import Coordination
import HTTPCore
import TestSupport
import Testing

@testable import NavigationAPI
@testable import NavigationServerRuntime

/// The API key is checked on the routed endpoint, never on the raw path: a
/// path that the router would serve as a `/v1` route needs the key however it
/// is spelled, and a spelling the router does not serve is no route at all.
@Suite("Access: encoded and unusual paths", .timeLimit(.minutes(10)), .hangGuard)
struct EncodedPathAccessTests {
    static let key = "s3cret-Key_0123456789"
    static let authorization = [("Authorization", "Bearer \(key)")]

    private func serverWithKey(protectsMetrics: Bool = false) throws -> TestServer {
        try TestServer(options: NavigationAPI.Options(apiKey: APIKey(Self.key), protectsMetrics: protectsMetrics))
    }

    /// A GET, or a POST that would create an `exchange` session.
    private func send(
        _ method: String, _ path: String, with client: TestHTTPClient, headers: [(String, String)] = []
    ) throws -> TestResponse {
        guard method == "POST" else { return try client.request(method, path, headers: headers) }
        return try client.request(method, path, json: ["flow": "exchange"], headers: headers)
    }

    // MARK: - Spellings the router serves need the key

    @Test(arguments: [
        ("GET", "/%76%31/flows"), ("GET", "/%761/flows"), ("GET", "/v1/%66lows"), ("GET", "/%76%31/%66%6C%6F%77%73"),
        ("POST", "/%76%31/sessions"), ("POST", "/v1/%73essions"), ("GET", "/v%31/flows"),
    ])
    func anEncodedV1RouteIs401WithoutTheKey(method: String, path: String) throws {
        let server = try serverWithKey()
        let client = server.client()
        let refused = try send(method, path, with: client)
        expectProblem(refused, 401, "unauthorized")
        #expect(server.registry.count == 0, "\(method) \(path) created a session without the key")
        // The same spelling with the key reaches the route: it really is a route.
        let admitted = try send(method, path, with: client, headers: Self.authorization)
        #expect(admitted.status == (method == "POST" ? 201 : 200), "\(method) \(path)")
    }

    @Test func anEncodedSessionRouteIs401WithoutTheKey() throws {
        let server = try serverWithKey()
        let client = server.client()
        let session = try client.createSession("exchange", headers: Self.authorization)
        let encodedSession = "/%76%31/%73essions/\(session.id)"
        let requests: [(String, String)] = [
            ("GET", encodedSession), ("GET", encodedSession + "/%68istory"), ("DELETE", encodedSession),
            ("POST", encodedSession + "/%65vents"),
        ]
        for (method, path) in requests {
            expectProblem(try client.request(method, path), 401, "unauthorized")
        }
        let read = try client.request("GET", session.path, headers: Self.authorization)
        #expect(read.status == 200)
        #expect(read.json?["finished"]?.boolValue == false, "the refused DELETE ended the session")
    }

    // MARK: - Spellings the router does not serve are no route

    @Test(arguments: [
        "/v1%2Fflows", "/%2Fv1/flows", "//v1/flows", "/v1//flows", "/v1/./flows", "/v1/../v1/flows", "/./v1/flows",
        "/V1/flows", "/v1/Flows", "/V1/FLOWS", "/v1/flows/", "/v1/flows%2F", "/%C0%AFv1/flows", "/v1%C0%AFflows",
        "/%E0%80%AFv1/flows", "/v1/flows%00", "/v%C1%B1/flows", "/v1/%ff%fe",
    ])
    func aPathTheRouterDoesNotServeIsNeverAnswered200(path: String) throws {
        let server = try serverWithKey()
        let client = server.client()
        let withoutKey = try client.request("GET", path)
        expectProblem(withoutKey, 401, "unauthorized")
        let withKey = try client.request("GET", path, headers: Self.authorization)
        expectProblem(withKey, 404, "not-found")
    }

    @Test func withoutAKeyConfiguredUnusualSpellingsAre404() throws {
        let server = try TestServer()
        let client = server.client()
        for path in ["/v1/./flows", "/v1/../v1/flows", "/V1/flows", "/%C0%AFv1/flows", "//v1/flows"] {
            expectProblem(try client.request("GET", path), 404, "not-found")
        }
        #expect(try client.request("GET", "/%76%31/flows").status == 200)
    }

    // MARK: - What stays open

    @Test func theOpenPathsNeedNoKey() throws {
        let server = try serverWithKey()
        let client = server.client()
        for path in ["/", "/app/main.js", "/healthz", "/readyz", "/metrics", "/openapi.yaml", "/%68ealthz"] {
            #expect(try client.request("GET", path).status == 200, "\(path)")
        }
    }

    @Test func protectedMetricsNeedTheKeyHoweverSpelled() throws {
        let server = try serverWithKey(protectsMetrics: true)
        let client = server.client()
        for path in ["/metrics", "/%6Detrics"] {
            expectProblem(try client.request("GET", path), 401, "unauthorized")
            #expect(try client.request("GET", path, headers: Self.authorization).status == 200)
        }
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    // MARK: - Configuration

    @Test func protectMetricsComesFromFlagAndEnvironment() throws {
        let parsed = try ConfigurationParser.parse(
            arguments: ["--api-key", "k", "--protect-metrics", "true"], environment: [:])
        guard case .run(let configuration) = parsed else {
            Issue.record("not run")
            return
        }
        #expect(configuration.apiOptions.protectsMetrics)
        let fromEnvironment = try ConfigurationParser.parse(
            arguments: [], environment: ["NAVIGATION_API_KEY": "k", "NAVIGATION_PROTECT_METRICS": "true"])
        guard case .run(let environmentConfiguration) = fromEnvironment else {
            Issue.record("not run")
            return
        }
        #expect(environmentConfiguration.protectsMetrics)
        #expect(!ServerConfiguration().protectsMetrics)
    }

    @Test func protectMetricsWithoutAKeyIsAConfigurationError() {
        #expect(throws: ConfigurationError.self) {
            try ConfigurationParser.parse(arguments: ["--protect-metrics", "true"], environment: [:])
        }
        #expect(throws: ConfigurationError.self) {
            try ConfigurationParser.parse(arguments: ["--api-key", "k", "--protect-metrics", "yes"], environment: [:])
        }
    }
}
