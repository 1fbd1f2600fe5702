import Coordination
import Foundation
import JWTTestSupport
import JWTVerification
import NavigationAPI
import TestSupport
import Testing

/// `--auth jwt` over HTTP: a bearer token is verified from the headers, the
/// session belongs to the `(iss, sub)` that created it, and for any other
/// subject it does not exist, on every route, the stream included.
@Suite("Token auth: session owners", .timeLimit(.minutes(10)), .hangGuard)
struct TokenAuthTests {
    static let secret = Array("a test secret of thirty-two bytes or more".utf8)
    static let issuer = "https://id.example"
    /// Seconds since 1970 that every token is checked at.
    static let now = 1_800_000_000.0

    private static func server(apiKey: String? = nil) throws -> TestServer {
        let key = try VerificationKey(fileContents: secret)
        let tokens = TokenAuthority(verifier: JWTVerifier(key: key, issuer: issuer), clock: { now })
        return try TestServer(options: NavigationAPI.Options(apiKey: apiKey.flatMap(APIKey.init), tokens: tokens))
    }

    private static func token(
        _ subject: String, expires: Double = now + 600, issuer: String = issuer, signer: TestSigner = .hs256(secret: secret)
    ) throws -> String {
        try signer.token(["iss": .string(issuer), "sub": .string(subject), "exp": .number(expires)])
    }

    private static func bearer(_ token: String) -> [(String, String)] { [("Authorization", "Bearer " + token)] }

    @Test func aSessionExistsOnlyForTheSubjectThatCreatedIt() throws {
        let server = try Self.server()
        let client = server.client()
        let alice = Self.bearer(try Self.token("alice"))
        let bob = Self.bearer(try Self.token("bob"))
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"], headers: alice)
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.stringValue)
        let path = "/v1/sessions/\(id)"
        let select: JSONValue = ["screen": "s1", "event": "select", "payload": ["code": "USD"]]

        for (method, route, body) in [
            ("GET", path, nil), ("GET", path + "/history", nil), ("GET", path + "/events", nil),
            ("POST", path + "/events", select), ("POST", path + "/links", ["link": "/rates/EUR"] as JSONValue), ("DELETE", path, nil),
        ] as [(String, String, JSONValue?)] {
            let response =
                try body.map { try client.request(method, route, json: $0, headers: bob) }
                ?? client.request(method, route, headers: bob)
            expectProblem(response, 404, "session-not-found")
        }
        let stream = try server.openStream(ClientSession(id: id, document: [:]), headers: bob)
        #expect(stream.status == 404)

        // Untouched by all that, and its owner's.
        let mine = try client.request("GET", path, headers: alice)
        #expect(mine.status == 200)
        #expect(mine.json?["version"] == 1)
        #expect(try client.request("POST", path + "/events", json: select, headers: alice).status == 200)
        #expect(try server.openStream(ClientSession(id: id, document: [:]), headers: alice).status == 200)
    }

    @Test func theAPIKeyIsAServiceThatSeesEverySession() throws {
        let server = try Self.server(apiKey: "service-key")
        let client = server.client()
        let created = try client.request(
            "POST", "/v1/sessions", json: ["flow": "exchange"], headers: Self.bearer(try Self.token("alice")))
        let id = try #require(created.json?["id"]?.stringValue)
        #expect(try client.request("GET", "/v1/sessions/\(id)", headers: Self.bearer("service-key")).status == 200)
        // A session the service made has no owner: no token holder has it.
        let service = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"], headers: Self.bearer("service-key"))
        let serviceID = try #require(service.json?["id"]?.stringValue)
        let asAlice = try client.request("GET", "/v1/sessions/\(serviceID)", headers: Self.bearer(try Self.token("alice")))
        expectProblem(asAlice, 404, "session-not-found")
    }

    @Test func refusedTokensAre401WithTheReasonAndNeverTheToken() throws {
        let server = try Self.server()
        let client = server.client()
        let rsa = try TestKeyPair.rsa2048.get()
        let refused: [(String, String)] = [
            (try Self.token("alice", expires: Self.now - 3_600), "expired"),
            (try Self.token("alice", issuer: "https://other.example"), "issuer"),
            (try Self.token("alice", signer: .hs256(secret: Array("another secret of thirty-two bytes!!".utf8))), "signature"),
            (try Self.token("alice", signer: .rs256(rsa)), "algorithm"),
            (
                base64URL(Array(#"{"alg":"none"}"#.utf8)) + "."
                    + base64URL(Array(#"{"sub":"alice","exp":1900000000,"iss":"https://id.example"}"#.utf8)) + ".",
                "algorithm"
            ),
            ("not-a-token", "signed jwt"),
        ]
        for (token, reason) in refused {
            let response = try client.request("GET", "/v1/flows", headers: Self.bearer(token))
            expectProblem(response, 401, "unauthorized")
            #expect(response.header("WWW-Authenticate")?.contains("error=\"invalid_token\"") == true)
            let detail = response.json?["detail"]?.stringValue ?? ""
            #expect(detail.lowercased().contains(reason), "\(reason): \(detail)")
            #expect(!response.text.contains(token), "the answer quotes the token")
        }
        let none = try client.request("GET", "/v1/flows")
        expectProblem(none, 401, "unauthorized")
        #expect(try client.request("GET", "/healthz").status == 200)
    }

    /// A request whose credentials are refused never sends its body: the
    /// refusal comes from the head, and `100 Continue` never does.
    @Test func aRefusedUploadIsAnsweredBeforeItsBody() throws {
        let server = try Self.server(apiKey: "service-key")
        let client = server.client()
        let head =
            "POST /v1/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + "Expect: 100-continue\r\nContent-Length: 1048000\r\n\r\n"
        try client.send(Array(head.utf8))
        let response = try client.readResponse()
        expectProblem(response, 401, "unauthorized")
        #expect(try server.metric("navigation_sessions_created_total") == 0)

        // With the key, the same upload is let through (and its body read).
        let admitted = try server.client().request(
            "POST", "/v1/sessions", headers: Self.bearer("service-key") + [("Content-Type", "application/json")],
            body: Array(#"{"flow":"exchange"}"#.utf8))
        #expect(admitted.status == 201)
    }

    /// Without `Expect`, a body declared over the size read before checking
    /// is refused from the head too: the client may still be sending it.
    @Test func aLargeDeclaredBodyIsRefusedBeforeItArrives() throws {
        let server = try Self.server(apiKey: "service-key")
        let client = server.client()
        let length = NavigationAPI.bodyReadBeforeChecking + 1
        try client.send(
            Array(
                "POST /v1/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n"
                    .utf8))
        expectProblem(try client.readResponse(), 401, "unauthorized")
    }

    /// A small body is read before its request is checked: the refusal comes
    /// after it, and the connection stays open for the next request.
    @Test func aRefusedSmallBodyKeepsItsConnection() throws {
        let server = try Self.server(apiKey: "service-key")
        let client = server.client()
        let refused = try client.request(
            "POST", "/v1/sessions", headers: [("Content-Type", "application/json")], body: Array(#"{"flow":"exchange"}"#.utf8))
        expectProblem(refused, 401, "unauthorized")
        let admitted = try client.request(
            "POST", "/v1/sessions", headers: Self.bearer("service-key") + [("Content-Type", "application/json")],
            body: Array(#"{"flow":"exchange"}"#.utf8))
        #expect(admitted.status == 201)
        #expect(client.connectionsOpened == 1)
        #expect(try server.metric("navigation_sessions_created_total") == 1)
    }
}

/// The flags of token auth, on the real executable.
@Suite("Token auth: the executable", .timeLimit(.minutes(10)), .hangGuard)
struct TokenAuthExecutableTests {
    @Test func aServerStartedWithAJWTKeyServesOnlyTokenHoldersAndTheirSessions() throws {
        let directory = try LaunchedServer.freshDirectory()
        let keyFile = directory.appendingPathComponent("jwt.key")
        try Data(TokenAuthTests.secret).write(to: keyFile)
        let server = try LaunchedServer([
            "--auth", "jwt", "--jwt-key", keyFile.path, "--jwt-issuer", TokenAuthTests.issuer, "--store", "memory",
        ])
        let client = server.client()
        expectProblem(try client.request("GET", "/v1/flows"), 401, "unauthorized")
        let expires = Date().timeIntervalSince1970 + 600
        let signer = TestSigner.hs256(secret: TokenAuthTests.secret)
        func bearer(_ subject: String) throws -> [(String, String)] {
            let token = try signer.token(["iss": .string(TokenAuthTests.issuer), "sub": .string(subject), "exp": .number(expires)])
            return [("Authorization", "Bearer " + token)]
        }
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"], headers: try bearer("alice"))
        #expect(created.status == 201)
        let path = "/v1/sessions/" + (created.json?["id"]?.stringValue ?? "")
        #expect(try client.request("GET", path, headers: try bearer("alice")).status == 200)
        expectProblem(try client.request("GET", path, headers: try bearer("bob")), 404, "session-not-found")
        // Any Host is answered: a page cannot send the token.
        #expect(try client.request("GET", "/healthz", headers: [("Host", "app.example.com")]).status == 200)
        _ = try server.stop()
    }
}
