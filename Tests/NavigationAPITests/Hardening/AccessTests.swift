import Coordination
import HTTPCore
import TestSupport
import Testing

@testable import NavigationAPI
@testable import NavigationServerRuntime

@Suite("Access: API key and CORS", .timeLimit(.minutes(10)), .hangGuard)
struct AccessTests {
    static let key = "s3cret-Key_0123456789"

    private func serverWithKey() throws -> TestServer {
        try TestServer(options: NavigationAPI.Options(apiKey: APIKey(Self.key)))
    }

    // MARK: - API key

    @Test func withAKeyEveryV1RouteWithoutItIs401WithWWWAuthenticate() throws {
        let server = try serverWithKey()
        let client = server.client()
        let session = try client.createSession("exchange", headers: [("Authorization", "Bearer \(Self.key)")])
        let requests: [(String, String)] = [
            ("GET", "/v1/flows"), ("POST", "/v1/sessions"), ("GET", session.path), ("DELETE", session.path),
            ("POST", session.path + "/events"), ("GET", session.path + "/history"), ("GET", "/v1/nowhere"),
        ]
        for (method, path) in requests {
            let response = try client.request(method, path)
            expectProblem(response, 401, "unauthorized")
            #expect(response.header("WWW-Authenticate") == "Bearer realm=\"navigation-server\"", "\(method) \(path)")
        }
        // Nothing the refused requests named happened.
        #expect(server.registry.count == 1)
        let read = try client.request("GET", session.path, headers: [("Authorization", "Bearer \(Self.key)")])
        #expect(read.status == 200)
        #expect(read.json?["version"]?.intValue == 1)
    }

    @Test(arguments: [
        "Bearer s3cret-Key_012345678X",  // same length, last byte wrong
        "Bearer s3cret-Key_012345678",  // a prefix
        "Bearer s3cret-Key_0123456789-and-more",
        "bearer s3cret-Key_0123456789x",
        "Basic czNjcmV0",
        "",
    ])
    func wrongKeysAre401(authorization: String) throws {
        let server = try serverWithKey()
        let response = try server.client().request("GET", "/v1/flows", headers: [("Authorization", authorization)])
        expectProblem(response, 401, "unauthorized")
    }

    @Test func theRightKeyIsLetThrough() throws {
        let server = try serverWithKey()
        let response = try server.client().request("GET", "/v1/flows", headers: [("Authorization", "Bearer \(Self.key)")])
        #expect(response.status == 200)
    }

    @Test func healthAndTheContractStayOpen() throws {
        let server = try serverWithKey()
        let client = server.client()
        #expect(try client.request("GET", "/healthz").status == 200)
        #expect(try client.request("GET", "/openapi.yaml").status == 200)
    }

    @Test func withoutAKeyNothingIsAsked() throws {
        let server = try TestServer()
        #expect(try server.client().request("GET", "/v1/flows").status == 200)
    }

    @Test(arguments: ["", "has space", "tab\tkey", "ключ"])
    func keysThatCannotTravelInAHeaderAreRefused(key: String) {
        #expect(APIKey(key) == nil)
    }

    @Test func constantTimeComparisonIsExact() {
        let expected = Array("Bearer abc".utf8)
        #expect(APIKey.constantTimeEqual(Array("Bearer abc".utf8), expected))
        #expect(!APIKey.constantTimeEqual(Array("Bearer abd".utf8), expected))
        #expect(!APIKey.constantTimeEqual(Array("Bearer ab".utf8), expected))
        #expect(!APIKey.constantTimeEqual(Array("Bearer abc\u{0}".utf8), expected))
        #expect(!APIKey.constantTimeEqual([], expected))
    }

    // MARK: - CORS

    private func serverWithCORS(_ origins: [String]) throws -> TestServer {
        try TestServer(options: NavigationAPI.Options(cors: CORSPolicy(allowedOrigins: origins)))
    }

    @Test func corsIsOffByDefault() throws {
        let server = try TestServer()
        let client = server.client()
        let response = try client.request("GET", "/v1/flows", headers: [("Origin", "https://app.example.com")])
        #expect(response.status == 200)
        #expect(response.header("Access-Control-Allow-Origin") == nil)
        #expect(response.header("Vary") == nil)
        let preflight = try client.request(
            "OPTIONS", "/v1/sessions",
            headers: [("Origin", "https://app.example.com"), ("Access-Control-Request-Method", "POST")])
        expectProblem(preflight, 405, "method-not-allowed")
    }

    @Test func anAllowedOriginGetsTheHeadersAndOthersDoNot() throws {
        let server = try serverWithCORS(["https://app.example.com", "http://localhost:3000"])
        let client = server.client()
        let allowed = try client.request("GET", "/v1/flows", headers: [("Origin", "http://localhost:3000")])
        #expect(allowed.status == 200)
        #expect(allowed.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(allowed.header("Vary") == "Origin")
        #expect(allowed.header("Access-Control-Expose-Headers") == "ETag, Location, Retry-After, WWW-Authenticate")

        let other = try client.request("GET", "/v1/flows", headers: [("Origin", "https://evil.example")])
        #expect(other.status == 200)
        #expect(other.header("Access-Control-Allow-Origin") == nil)
        #expect(other.header("Vary") == "Origin")

        let problem = try client.request(
            "GET", "/v1/sessions/" + String(repeating: "0", count: 32),
            headers: [("Origin", "https://app.example.com")])
        expectProblem(problem, 404, "session-not-found")
        #expect(problem.header("Access-Control-Allow-Origin") == "https://app.example.com")
    }

    @Test func preflightOfAKnownPathIs204WithItsMethods() throws {
        let server = try TestServer(
            options: NavigationAPI.Options(
                apiKey: APIKey(Self.key), cors: CORSPolicy(allowedOrigins: ["https://app.example.com"])))
        let client = server.client()
        // No key: browsers send preflights without credentials.
        let preflight = try client.request(
            "OPTIONS", "/v1/sessions/" + String(repeating: "a", count: 32) + "/events",
            headers: [
                ("Origin", "https://app.example.com"), ("Access-Control-Request-Method", "POST"),
                ("Access-Control-Request-Headers", "authorization, content-type, if-match"),
            ])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "https://app.example.com")
        #expect(preflight.header("Access-Control-Allow-Methods") == "GET, HEAD, POST")
        #expect(preflight.header("Access-Control-Allow-Headers") == "Authorization, Content-Type, If-Match, If-None-Match")
        #expect(preflight.header("Access-Control-Max-Age") == "600")
        #expect(preflight.header("Vary") == "Origin")

        let refused = try client.request(
            "OPTIONS", "/v1/flows",
            headers: [("Origin", "https://evil.example"), ("Access-Control-Request-Method", "GET")])
        #expect(refused.status == 204)
        #expect(refused.header("Access-Control-Allow-Origin") == nil)
        #expect(refused.header("Access-Control-Allow-Methods") == nil)

        let unknown = try client.request(
            "OPTIONS", "/v1/nowhere",
            headers: [("Origin", "https://app.example.com"), ("Access-Control-Request-Method", "GET")])
        expectProblem(unknown, 404, "not-found")
    }

    @Test func aWildcardIsAnsweredAsAWildcardNeverAsTheClientsOrigin() throws {
        let server = try serverWithCORS(["*"])
        let response = try server.client().request("GET", "/healthz", headers: [("Origin", "https://x.example\"<script>")])
        #expect(response.header("Access-Control-Allow-Origin") == "*")
    }

    // MARK: - Configuration

    @Test func apiKeyAndOriginsComeFromFlagsAndEnvironmentAndFlagsWin() throws {
        let fromEnvironment = try ConfigurationParser.parse(
            arguments: [], environment: ["NAVIGATION_API_KEY": "k1", "NAVIGATION_CORS_ORIGIN": "https://a.example, https://b.example"])
        guard case .run(let environmentConfiguration) = fromEnvironment else {
            Issue.record("not run")
            return
        }
        #expect(environmentConfiguration.apiKey == APIKey("k1"))
        #expect(environmentConfiguration.corsOrigins == ["https://a.example", "https://b.example"])

        let withFlags = try ConfigurationParser.parse(
            arguments: ["--api-key", "k2", "--cors-origin", "https://c.example", "--cors-origin=http://localhost:3000"],
            environment: ["NAVIGATION_API_KEY": "k1", "NAVIGATION_CORS_ORIGIN": "https://a.example"])
        guard case .run(let flagConfiguration) = withFlags else {
            Issue.record("not run")
            return
        }
        #expect(flagConfiguration.apiKey == APIKey("k2"))
        #expect(flagConfiguration.corsOrigins == ["https://c.example", "http://localhost:3000"])

        let defaults = ServerConfiguration()
        #expect(defaults.apiKey == nil)
        #expect(defaults.corsOrigins.isEmpty)
    }

    @Test(arguments: [
        ["--api-key", "two words"], ["--cors-origin", "app.example.com"], ["--cors-origin", "https://a.example/path"],
        ["--cors-origin", ""],
    ])
    func badAccessValuesAreConfigurationErrors(arguments: [String]) {
        #expect(throws: ConfigurationError.self) {
            try ConfigurationParser.parse(arguments: arguments, environment: [:])
        }
    }
}
