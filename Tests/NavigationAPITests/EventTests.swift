import Coordination
import TestSupport
import Testing

@Suite("Events: conditions, conflicts and refusals", .timeLimit(.minutes(10)), .hangGuard)
struct EventTests {
    // MARK: - If-Match

    @Test(arguments: ["\"1\"", "W/\"1\"", "*", "\"1\", \"9\"", " \"1\" "])
    func ifMatchThatMatchesApplies(tag: String) throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try client.send("select", ["code": "USD"], to: session, headers: [("If-Match", tag)])
        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("ETag") == "\"2\"")
    }

    @Test(arguments: [
        "\"2\"", "W/\"0\"", "\"9\", \"1\"", "1", "\"one\"", "\"-1\"", "W/", "\"\"", ",\"1\"",
        "\"99999999999999999999999\"",
    ])
    func ifMatchThatDoesNotMatchIs412AndChangesNothing(tag: String) throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try client.send("select", ["code": "USD"], to: session, headers: [("If-Match", tag)])
        expectProblem(response, 412, "version-mismatch")
        #expect(response.json?["currentVersion"] == 1)
        #expect(try client.version(of: session) == 1)
    }

    @Test func staleClientGets412ThenSucceedsWithTheFreshTag() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        let stale = session
        try client.apply("select", ["code": "JPY"], to: &session)
        let conflict = try client.send("back", to: session, headers: [("If-Match", "\"1\"")])
        expectProblem(conflict, 412, "version-mismatch")
        #expect(conflict.json?["currentVersion"] == 2)
        let fresh = try client.request("GET", stale.path)
        let tag = try #require(fresh.header("ETag"))
        let retried = try client.send("back", to: session, headers: [("If-Match", tag)])
        #expect(retried.status == 200)
        #expect(retried.header("ETag") == "\"3\"")
    }

    @Test func unsatisfiableIfMatchOnUnknownSessionIs404() throws {
        let server = try TestServer()
        let response = try server.client().request(
            "POST", "/v1/sessions/\(String(repeating: "b", count: 32))/events",
            json: ["screen": "s1", "event": "next"], headers: [("If-Match", "bogus")])
        expectProblem(response, 404, "session-not-found")
    }

    // MARK: - 409

    @Test func eventForAScreenBelowTheTopIs409WithActiveScreen() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        let rates = session.topID
        try client.apply("select", ["code": "USD"], to: &session)
        let response = try client.send("select", ["code": "EUR"], to: session, screen: rates)
        expectProblem(response, 409, "screen-not-active")
        #expect(response.json?["activeScreen"]?.stringValue == session.topID)
        #expect(response.json?["currentVersion"] == 2)
        let unknownScreen = try client.send("select", ["code": "EUR"], to: session, screen: "s999")
        expectProblem(unknownScreen, 409, "screen-not-active")
        #expect(try client.version(of: session) == 2)
    }

    @Test func eventForAFinishedSessionIs409() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("farewell")
        try client.apply("leave", to: &session)
        #expect(session.document["finished"] == true)
        #expect(session.document["result"] == ["said": "goodbye"])
        #expect(session.document["coordinators"] == .null)
        let response = try client.send("leave", to: session)
        expectProblem(response, 409, "session-finished")
        #expect(response.json?["currentVersion"] == 2)
        #expect(try client.version(of: session) == 2)
    }

    @Test func eventLimitIs409() throws {
        var limits = SessionLimits()
        limits.maxEventsPerSession = 2
        let server = try TestServer(limits: limits)
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        try client.apply("back", to: &session)
        expectProblem(try client.send("select", ["code": "USD"], to: session), 409, "event-limit-reached")
    }

    // MARK: - 422

    @Test func eventTheScreenDoesNotAcceptIs422WithAcceptedEvents() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        let response = try client.send("fly", to: session)
        expectProblem(response, 422, "event-not-accepted")
        #expect(response.json?["acceptedEvents"] == ["convert", "close", "back"])
        #expect(try client.version(of: session) == 2)
    }

    @Test func payloadThatDoesNotMatchIs422WithFieldErrors() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let response = try client.send("select", ["code": 5, "extra": true], to: session)
        expectProblem(response, 422, "invalid-payload")
        let errors = try #require(response.json?["errors"]?.arrayValue)
        #expect(errors.compactMap { $0["field"]?.stringValue } == ["code", "extra"])
        let missing = try client.send("select", ["other": "USD"], to: session)
        expectProblem(missing, 422, "invalid-payload")
        #expect(missing.json?["errors"]?.arrayValue?.first?["field"] == "code")
        #expect(try client.version(of: session) == 1)
    }

    @Test func aValueOutsideTheFieldsEnumIs422NamingTheValues() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        let select = session.top?["events"]?.arrayValue?.first
        #expect(select?["fields"]?["code"]?["enum"] == ["USD", "EUR", "JPY", "GBP", "CNY"])
        let response = try client.send("select", ["code": "XYZ"], to: session)
        expectProblem(response, 422, "invalid-payload")
        #expect(response.json?["errors"] == [["field": "code", "message": "must be one of USD, EUR, JPY, GBP, CNY, not 'XYZ'"]])
        #expect(try client.version(of: session) == 1)
    }

    // MARK: - 500

    @Test func flowFailureIs500AndLeavesTheSessionUnchanged() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("broken")
        let response = try client.send("popRoot", to: session)
        expectProblem(response, 500, "flow-failure")
        #expect(response.json?["detail"]?.stringValue?.contains("bug in the flow") == true)
        #expect(response.json?["detail"]?.stringValue?.contains("the session is unchanged") == true)
        let after = try client.request("GET", session.path)
        #expect(after.status == 200)
        #expect(after.json == session.document)
    }

    @Test func flowFailureThatCannotBeUndoneSaysTheSessionWasLost() throws {
        let server = try TestServer(flows: [TestFlows.nondeterministic()])
        let client = server.client()
        let session = try client.createSession("nondeterministic")
        let step = try client.send("go", to: session)
        #expect(step.status == 200)
        let stepSession = try #require(step.json?["stack"]?.arrayValue?.last?["id"]?.stringValue)
        let response = try client.request(
            "POST", session.path + "/events", json: ["screen": .string(stepSession), "event": "fail"])
        expectProblem(response, 500, "flow-failure")
        let detail = response.json?["detail"]?.stringValue ?? ""
        #expect(detail.contains("the session was lost"), "\(detail)")
        #expect(!detail.contains("unchanged"), "\(detail)")
        expectProblem(try client.request("GET", session.path), 404, "session-not-found")
    }

    @Test func flowFailureAtStartIs500AndCreatesNothing() throws {
        let server = try TestServer()
        let response = try server.client().request("POST", "/v1/sessions", json: ["flow": "brokenAtStart"])
        expectProblem(response, 500, "flow-failure")
        #expect(response.json?["detail"]?.stringValue?.contains("no session was created") == true)
        #expect(server.registry.count == 0)
    }
}
