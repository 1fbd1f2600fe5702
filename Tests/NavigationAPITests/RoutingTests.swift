import Coordination
import Sessions
import TestSupport
import Testing

@Suite("Routing: paths, methods, HEAD", .timeLimit(.minutes(10)), .hangGuard)
struct RoutingTests {
    // MARK: - Service routes

    @Test func healthzIsOK() throws {
        let server = try TestServer()
        let response = try server.client().request("GET", "/healthz")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.json == ["status": "ok"])
    }

    @Test func flowsListsEveryFlowWithItsContext() throws {
        let server = try TestServer()
        let response = try server.client().request("GET", "/v1/flows")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        let flows = try #require(response.json?["flows"]?.arrayValue)
        #expect(flows.compactMap { $0["name"]?.stringValue } == ["app", "exchange", "mail", "farewell", "broken", "brokenAtStart"])
        let app = flows[0]
        #expect(app["description"]?.stringValue?.isEmpty == false)
        #expect(
            app["context"]?["onboarded"] == [
                "type": "boolean", "nullable": false, "default": false,
                "description": "Whether the user has already seen onboarding.",
            ])
        #expect(app["context"]?["token"]?["nullable"] == true)
        #expect(app["context"]?["token"]?["default"] == .null)
        #expect(flows[1]["context"] == .object([:]))
    }

    // MARK: - Unknown paths and methods

    @Test(arguments: [
        "/nope", "/v1", "/app", "/app/", "/app/missing.js", "/app/index.html", "/app/a/b", "/index.html", "/v1/", "/v1/flows/",
        "/v1/sessions/", "/v2/flows", "/healthz/extra",
        "/v1/sessions/0123456789abcdef0123456789abcdef/other", "/v1/sessions//events", "/v1/%zz",
        "/v1/sessions/a/b/c/d",
    ])
    func unknownPathIs404(path: String) throws {
        let server = try TestServer()
        let response = try server.client().request("GET", path)
        expectProblem(response, 404, "not-found")
    }

    @Test func knownPathWithWrongMethodIs405WithAllow() throws {
        let server = try TestServer()
        let client = server.client()
        let id = String(repeating: "a", count: 32)
        let cases: [(method: String, path: String, allow: String)] = [
            ("POST", "/healthz", "GET, HEAD"),
            ("POST", "/", "GET, HEAD"),
            ("DELETE", "/app/main.js", "GET, HEAD"),
            ("DELETE", "/openapi.yaml", "GET, HEAD"),
            ("PUT", "/v1/flows", "GET, HEAD"),
            ("GET", "/v1/sessions", "POST"),
            ("PATCH", "/v1/sessions/\(id)", "GET, HEAD, DELETE"),
            ("DELETE", "/v1/sessions/\(id)/events", "GET, HEAD, POST"),
            ("POST", "/v1/sessions/\(id)/history", "GET, HEAD"),
            ("get", "/healthz", "GET, HEAD"),
            ("OPTIONS", "/v1/sessions", "POST"),
        ]
        for (method, path, allow) in cases {
            let response = try client.request(method, path)
            expectProblem(response, 405, "method-not-allowed")
            #expect(response.header("Allow") == allow, "\(method) \(path)")
        }
    }

    // MARK: - HEAD

    @Test func headAnswersLikeGetWithoutBody() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        for path in ["/healthz", "/openapi.yaml", "/v1/flows", session.path, session.path + "/history"] {
            let get = try client.request("GET", path)
            let head = try client.request("HEAD", path)
            #expect(head.status == 200, "\(path)")
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Type") == get.header("Content-Type"))
            #expect(head.header("Content-Length") == String(get.body.count), "\(path)")
            #expect(head.header("ETag") == get.header("ETag"))
        }
        // The connection is still usable after HEAD responses.
        #expect(try client.request("GET", "/healthz").status == 200)
        #expect(client.connectionsOpened == 1)
    }

    // MARK: - Percent-encoding and ids

    @Test func percentEncodedSegmentsAreDecodedBeforeMatching() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        #expect(try client.request("GET", "/v1/%66lows").status == 200)
        #expect(try client.request("GET", "/%76%31/sessions/\(session.id)").status == 200)
        let encodedID = session.id.utf8.map { "%" + String($0, radix: 16) }.joined()
        let response = try client.request("GET", "/v1/sessions/\(encodedID)")
        #expect(response.status == 200)
        #expect(response.json?["id"]?.stringValue == session.id)
    }

    @Test(arguments: [
        "abc", "ABCDEF0123456789ABCDEF0123456789", "0123456789abcdef0123456789abcde",
        "0123456789abcdef0123456789abcdef0", "..%2F..%2Fetc%2Fpasswd", "%3Cscript%3E", "%00",
    ])
    func malformedSessionIDIsSessionNotFound(id: String) throws {
        let server = try TestServer()
        let client = server.client()
        for (method, suffix) in [("GET", ""), ("DELETE", ""), ("GET", "/history")] {
            let response = try client.request(method, "/v1/sessions/\(id)\(suffix)")
            expectProblem(response, 404, "session-not-found")
            #expect(!response.text.contains("<script>"))
        }
        let event = try client.request("POST", "/v1/sessions/\(id)/events", json: ["screen": "s1", "event": "x"])
        expectProblem(event, 404, "session-not-found")
    }

    @Test func unknownWellFormedSessionIsNotFound() throws {
        let server = try TestServer()
        let response = try server.client().request("GET", "/v1/sessions/" + String(repeating: "0", count: 32))
        expectProblem(response, 404, "session-not-found")
    }
}
