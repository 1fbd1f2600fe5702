import Coordination
import TestSupport
import Testing

@Suite("Sessions: create, read, conditional read, end", .timeLimit(.minutes(10)), .hangGuard)
struct SessionLifecycleTests {
    // MARK: - Create

    @Test func createAnswers201WithLocationETagAndDocument() throws {
        let server = try TestServer()
        let client = server.client()
        let response = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
        #expect(response.status == 201)
        let document = try #require(response.json)
        let id = try #require(document["id"]?.stringValue)
        #expect(id.count == 32)
        #expect(id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(response.header("Location") == "/v1/sessions/\(id)")
        #expect(response.header("ETag") == "\"1\"")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(document["flow"] == "exchange")
        #expect(document["version"] == 1)
        #expect(document["finished"] == false)
        let session = ClientSession(id: id, document: document)
        #expect(session.stackNames == ["rates"])
        #expect(session.top?["presentation"] == "root")
        #expect(session.topEvents == ["select"])
        #expect(session.top?["events"]?.arrayValue?.first?["fields"]?["code"]?["enum"] == ["USD", "EUR", "JPY", "GBP", "CNY"])
        #expect(session.coordinatorTypes == ["AppCoordinator", "RatesCoordinator"])
    }

    @Test func createAppliesContextAndDefaults() throws {
        let server = try TestServer()
        let client = server.client()
        #expect(try client.createSession("app").topName == "welcome")
        #expect(try client.createSession("app", context: ["onboarded": true]).topName == "login")
        #expect(try client.createSession("app", context: ["onboarded": true, "token": "t"]).topName == "home")
        #expect(try client.createSession("app", context: nil).topName == "welcome")
        let explicitNull = try client.request("POST", "/v1/sessions", json: ["flow": "app", "context": nil])
        #expect(explicitNull.status == 201)
    }

    @Test func unknownFlowIs404() throws {
        let server = try TestServer()
        let response = try server.client().request("POST", "/v1/sessions", json: ["flow": "nope"])
        expectProblem(response, 404, "flow-not-found")
    }

    @Test func contextThatDoesNotMatchTheFlowIs422WithFieldErrors() throws {
        let server = try TestServer()
        let response = try server.client().request(
            "POST", "/v1/sessions", json: ["flow": "app", "context": ["onboarded": "yes", "colour": "red"]])
        expectProblem(response, 422, "invalid-context")
        let errors = try #require(response.json?["errors"]?.arrayValue)
        #expect(errors.compactMap { $0["field"]?.stringValue } == ["onboarded", "colour"])
        #expect(errors.allSatisfy { $0["message"]?.stringValue?.isEmpty == false })
    }

    // MARK: - Read

    @Test func getAnswersTheDocumentWithETag() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try client.request("GET", session.path)
        #expect(response.status == 200)
        #expect(response.header("ETag") == "\"1\"")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(response.json == session.document)
    }

    @Test func ifNoneMatchWithTheCurrentVersionIs304() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        for tag in ["\"1\"", "W/\"1\"", "\"7\", \"1\"", "*"] {
            let response = try client.request("GET", session.path, headers: [("If-None-Match", tag)])
            #expect(response.status == 304, "\(tag)")
            #expect(response.body.isEmpty)
            #expect(response.header("ETag") == "\"1\"")
            let head = try client.request("HEAD", session.path, headers: [("If-None-Match", tag)])
            #expect(head.status == 304)
        }
        try client.apply("select", ["code": "USD"], to: &session)
        for tag in ["\"1\"", "garbage", "\"x\""] {
            let response = try client.request("GET", session.path, headers: [("If-None-Match", tag)])
            #expect(response.status == 200, "\(tag)")
            #expect(response.header("ETag") == "\"2\"")
        }
    }

    // MARK: - End

    @Test func deleteAnswers204AndTheSessionIsGone() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("app")
        let response = try client.request("DELETE", session.path)
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        expectProblem(try client.request("GET", session.path), 404, "session-not-found")
        expectProblem(try client.request("DELETE", session.path), 404, "session-not-found")
        expectProblem(try client.send("next", to: session), 404, "session-not-found")
        expectProblem(try client.request("GET", session.path + "/history"), 404, "session-not-found")
        #expect(server.registry.count == 0)
    }

    // MARK: - Limits

    @Test func sessionLimitIs429WithRetryAfter() throws {
        var limits = SessionLimits()
        limits.maxSessions = 2
        let server = try TestServer(limits: limits)
        let client = server.client()
        let first = try client.createSession("exchange")
        _ = try client.createSession("exchange")
        let refused = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
        expectProblem(refused, 429, "too-many-sessions")
        let retryAfter = try #require(refused.header("Retry-After").flatMap { Int($0) })
        #expect((1...5).contains(retryAfter))
        #expect(try client.request("DELETE", first.path).status == 204)
        #expect(try client.request("POST", "/v1/sessions", json: ["flow": "exchange"]).status == 201)
    }
}
