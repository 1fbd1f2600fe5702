import Coordination
import TestSupport
import Testing

@Suite("Request bodies: 400, 413, 415, and nothing changes", .timeLimit(.minutes(10)), .hangGuard)
struct RequestValidationTests {
    // MARK: - Missing and malformed bodies

    @Test func missingBodyIs400SayingWhatIsRequired() throws {
        let server = try TestServer()
        let client = server.client()
        let create = try client.request("POST", "/v1/sessions")
        expectProblem(create, 400, "invalid-request")
        #expect(create.json?["detail"]?.stringValue?.contains("\"flow\"") == true)
        let session = try client.createSession("exchange")
        let event = try client.request("POST", session.path + "/events", headers: [("Content-Type", "application/json")])
        expectProblem(event, 400, "invalid-request")
        #expect(event.json?["detail"]?.stringValue?.contains("\"screen\"") == true)
    }

    @Test func malformedJSONIs400WithLineAndColumn() throws {
        let server = try TestServer()
        let response = try server.client().request(
            "POST", "/v1/sessions", headers: [("Content-Type", "application/json")],
            body: Array("{\n  \"flow\": \"app\",\n}".utf8))
        expectProblem(response, 400, "malformed-json")
        let detail = try #require(response.json?["detail"]?.stringValue)
        #expect(detail.contains("line 3, column 1"))
    }

    @Test(arguments: [
        ("[1, 2]", "array"), ("\"app\"", "string"), ("null", "null"), ("42", "number"),
    ])
    func bodyThatIsNotAnObjectIs400(body: String, kind: String) throws {
        let server = try TestServer()
        let response = try server.client().request(
            "POST", "/v1/sessions", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
        expectProblem(response, 400, "invalid-request")
        #expect(response.json?["detail"]?.stringValue?.contains(kind) == true)
    }

    @Test(arguments: [
        (#"{}"#, ["flow"]),
        (#"{"flow": 1}"#, ["flow"]),
        (#"{"flow": "app", "context": []}"#, ["context"]),
        (#"{"flow": "app", "contxt": {}}"#, ["contxt"]),
        (#"{"flow": null, "extra": 1}"#, ["extra", "flow"]),
    ])
    func createWithWrongMembersIs400NamingThem(body: String, fields: [String]) throws {
        let server = try TestServer()
        let response = try server.client().request(
            "POST", "/v1/sessions", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
        expectProblem(response, 400, "invalid-request")
        let named = response.json?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
        #expect(named == fields)
        #expect(server.registry.count == 0)
    }

    @Test func eventWithWrongMembersIs400AndChangesNothing() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let bodies: [(JSONValue, [String])] = [
            (["event": "select"], ["screen"]),
            (["screen": "s1"], ["event"]),
            (["screen": 1, "event": true], ["screen", "event"]),
            (["screen": "s1", "event": "select", "payload": "USD"], ["payload"]),
            (["screen": "s1", "event": "select", "payload": ["code": "USD"], "version": 1], ["version"]),
        ]
        for (body, fields) in bodies {
            let response = try client.request("POST", session.path + "/events", json: body)
            expectProblem(response, 400, "invalid-request")
            #expect(response.json?["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue } == fields)
        }
        #expect(try client.version(of: session) == 1)
    }

    @Test func nullPayloadIsNoPayload() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        let response = try client.send("back", .null, to: session)
        #expect(response.status == 200)
    }

    // MARK: - Media types

    @Test(arguments: [
        "application/json", "application/json; charset=utf-8", "Application/JSON;Charset=\"UTF-8\"",
        "application/vnd.navigation+json", "application/merge-patch+json; version=2 ;\tcharset = us-ascii",
    ])
    func jsonMediaTypesAreAccepted(contentType: String) throws {
        let server = try TestServer()
        let response = try server.client().request(
            "POST", "/v1/sessions", headers: [("Content-Type", contentType)], body: Array(#"{"flow":"exchange"}"#.utf8))
        #expect(response.status == 201, "\(contentType)")
    }

    @Test(arguments: [
        "text/plain", "application/x-www-form-urlencoded", "json", "application/json; charset=latin1",
        "application/json; charset=\"latin1\"", "application/", nil,
    ])
    func nonJSONBodyIs415(contentType: String?) throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let headers = contentType.map { [("Content-Type", $0)] } ?? []
        let create = try client.request("POST", "/v1/sessions", headers: headers, body: Array(#"{"flow":"exchange"}"#.utf8))
        expectProblem(create, 415, "unsupported-media-type")
        let event = try client.request(
            "POST", session.path + "/events", headers: headers,
            body: Array(#"{"screen":"s1","event":"select","payload":{"code":"USD"}}"#.utf8))
        expectProblem(event, 415, "unsupported-media-type")
        #expect(try client.version(of: session) == 1)
        #expect(server.registry.count == 1)
    }

    // MARK: - 413

    @Test func chunkedBodyOverTheLimitIs413Problem() throws {
        let server = try TestServer(maxBodyBytes: 1024)
        let client = server.client()
        let session = try client.createSession("exchange")
        let padding = String(repeating: "x", count: 2000)
        let body = JSONValue.object(["screen": "s1", "event": "select", "payload": ["code": .string(padding)]]).encoded()
        let head =
            "POST \(session.path)/events HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n" + String(body.count, radix: 16) + "\r\n"
        try client.send(Array(head.utf8) + body + Array("\r\n0\r\n\r\n".utf8))
        let response = try client.readResponse()
        expectProblem(response, 413, "body-too-large")
        #expect(response.json?["detail"]?.stringValue?.contains("1024") == true)
        #expect(try client.version(of: session) == 1)
    }

    @Test func declaredLengthOverTheLimitIs413BeforeTheBodyIsSent() throws {
        let server = try TestServer(maxBodyBytes: 1024)
        let client = server.client()
        let head = "POST /v1/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 999999\r\n\r\n"
        try client.send(Array(head.utf8))
        let response = try client.readResponse()
        expectProblem(response, 413, "body-too-large")
        #expect(server.registry.count == 0)
    }

    // MARK: - Atomicity

    @Test func noRefusedRequestChangesTheSession() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        let before = try client.request("GET", session.path).body
        let events = session.path + "/events"
        let json = [("Content-Type", "application/json")]
        let refused: [(method: String, path: String, headers: [(String, String)], body: String)] = [
            ("POST", events, json, ""),
            ("POST", events, json, "{"),
            ("POST", events, json, "[]"),
            ("POST", events, json, #"{"screen":"s2"}"#),
            ("POST", events, json, #"{"screen":"s2","event":"convert","payload":{"amount":"ten"}}"#),
            ("POST", events, json, #"{"screen":"s2","event":"convert","payload":{"amount":1},"x":1}"#),
            ("POST", events, json, #"{"screen":"s1","event":"select","payload":{"code":"EUR"}}"#),
            ("POST", events, json, #"{"screen":"s2","event":"teleport"}"#),
            ("POST", events, json + [("If-Match", "\"1\"")], #"{"screen":"s2","event":"back"}"#),
            ("POST", events, json + [("If-Match", "nonsense")], #"{"screen":"s2","event":"back"}"#),
            ("POST", events, [("Content-Type", "text/plain")], #"{"screen":"s2","event":"back"}"#),
            ("PUT", session.path, json, #"{"screen":"s2","event":"back"}"#),
            ("PATCH", events, json, #"{"screen":"s2","event":"back"}"#),
            ("GET", session.path + "/history?since=x", [], ""),
        ]
        for request in refused {
            let response = try client.request(request.method, request.path, headers: request.headers, body: Array(request.body.utf8))
            #expect((400..<500).contains(response.status), "\(request.method) \(request.body): \(response.status)")
            let after = try client.request("GET", session.path)
            #expect(after.body == before, "\(request.method) \(request.body) changed the session")
            #expect(after.header("ETag") == "\"2\"")
        }
    }

    // MARK: - Escaping

    @Test func clientInputIsNeverEchoedUnescaped() throws {
        let server = try TestServer()
        let client = server.client()
        let hostile = "</script><script>alert(1)</script>\"\\\u{2028}"
        let response = try client.request("POST", "/v1/sessions", json: ["flow": .string(hostile)])
        expectProblem(response, 404, "flow-not-found")
        #expect(!response.text.contains("<script>"))
        // Parsed back, the detail is what was sent, the line separator spelled out.
        #expect(response.json?["detail"]?.stringValue?.contains("</script><script>alert(1)</script>\"\\\\u{2028}") == true)
        let member = try client.request("POST", "/v1/sessions", json: .object(JSONObject([("flow", "app"), (hostile, 1)])))
        expectProblem(member, 400, "invalid-request")
        #expect(!member.text.contains("<script>"))
    }
}
