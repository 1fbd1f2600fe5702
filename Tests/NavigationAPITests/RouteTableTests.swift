import Sessions
import TestSupport
import Testing

@testable import NavigationAPI

/// The route table itself: each operation declared once, the paths' shared
/// rules, and how a raw path is matched. What the server answers for each
/// is in ``RoutingTests``; that the table is openapi.yaml's is in
/// ``OpenAPIDocumentTests``.
@Suite("Route table", .timeLimit(.minutes(10)), .hangGuard)
struct RouteTableTests {
    private let table = NavigationAPI.routes

    @Test func everyOperationIsDeclaredOnce() {
        let operations = table.operations.map { "\($0.method) \($0.path)" }
        #expect(Set(operations).count == operations.count)
    }

    @Test func theRoutesOfOnePathShareTheirAccess() {
        for path in table.paths {
            #expect(Set(path.routes.map(\.access)).count == 1, "\(path.pattern)")
        }
    }

    @Test func onlyTheStreamTakesTheKeyInItsQueryAndOnlyCreationIsRateLimited() {
        let routes = table.paths.flatMap(\.routes)
        #expect(routes.filter { $0.access == .keyInHeaderOrQuery }.map(\.path.template) == ["/v1/sessions/{id}/stream"])
        #expect(routes.filter(\.limitsCreations).map { "\($0.method.rawValue) \($0.path.template)" } == ["POST /v1/sessions"])
        #expect(routes.filter { $0.access == .metrics }.map(\.path.template) == ["/metrics"])
    }

    @Test func everyV1RouteNeedsTheKey() {
        for route in table.paths.flatMap(\.routes) where route.path.template.hasPrefix("/v1/") {
            #expect(route.access == .key || route.access == .keyInHeaderOrQuery, "\(route.path)")
        }
    }

    @Test func headIsAnsweredBesideEveryGetButTheStream() {
        for route in table.paths.flatMap(\.routes) where route.method == .get {
            #expect(route.methods.contains(.head) == (route.path.template != "/v1/sessions/{id}/stream"), "\(route.path)")
        }
    }

    @Test func noPatternHasMoreParametersThanAMatchHolds() {
        for path in table.paths {
            #expect(path.pattern.parameterNames.count <= PathPattern.maxParameters, "\(path.pattern)")
        }
    }

    // MARK: - Matching

    @Test func parametersAreDecodedSegmentsAndAnEscapedSlashIsData() throws {
        let unescaped = "/v1/sessions/caf\u{E9}"
        #expect(table.match(unescaped)?.parameters.value(of: "id", in: unescaped) == "caf\u{E9}")
        let escaped = "/v1/sessions/a%2Fb/events"
        let match = try #require(table.match(escaped))
        #expect(match.path.pattern.template == "/v1/sessions/{id}/events")
        #expect(match.parameters.value(of: "id", in: escaped) == "a/b")
        #expect(match.parameters.value(of: "file", in: escaped) == nil)
        #expect(table.match("/app/main.js")?.parameters.value(of: "file", in: "/app/main.js") == "main.js")
        #expect(table.match("/")?.path.pattern.template == "/")
    }

    @Test(arguments: ["", "healthz", "/healthz/", "/v1/sessions/", "/v1//flows", "/v1/%zz", "/a/b/c/d/e", "/%2Fhealthz"])
    func malformedOrUnknownPathsMatchNothing(path: String) {
        #expect(table.match(path) == nil)
    }

    /// A plain path is matched in place, an escaped one decoded first: both
    /// give the same answer for the same segments.
    @Test(arguments: [
        ("/v1/sessions/abc", "/v1/sessions/%61bc"), ("/v1/sessions/abc/events", "/%761/sessions/abc/events"),
        ("/", "/"), ("/v1/flows", "/v1/%66lows"), ("/app/main.js", "/app/main%2Ejs"), ("/v1/sessions/", "/v1/sessions/%"),
        ("/v1/sessions/a/b/c", "/v1/sessions/a/b/%63"), ("/v1/sessions/abc/nope", "/v1/sessions/abc/n%6Fpe"),
        // Not ASCII: decoded like an escaped path, never matched in place.
        ("/v1/sessions/caf\u{E9}/events", "/v1/sessions/caf%C3%A9/events"), ("/app/\u{E9}", "/app/%C3%A9"),
    ])
    func plainAndEscapedSpellingsMatchAlike(plain: String, escaped: String) {
        let matched = table.match(plain)
        let decoded = table.match(escaped)
        #expect(matched?.path.pattern === decoded?.path.pattern)
        for name in matched?.path.pattern.parameterNames ?? [] {
            let value = matched?.parameters.value(of: name, in: plain)
            #expect(value != nil)
            #expect(value == decoded?.parameters.value(of: name, in: escaped))
        }
    }

    /// A plain path's parameter is read where it lies in the path, bytes
    /// and text alike, and gives the key it spells.
    @Test func aPlainPathsParameterIsReadInPlace() throws {
        let id = String(repeating: "0123456789abcdef", count: 2)
        let path = "/v1/sessions/" + id + "/events"
        let match = try #require(table.match(path))
        guard case .bytes(let range) = match.parameters.value(of: "id") else {
            Issue.record("a plain path's parameter was copied: \(String(describing: match.parameters.value(of: "id")))")
            return
        }
        #expect(range == 13..<45)
        #expect(match.parameters.value(of: "id", in: path) == id)
        #expect(match.parameters.withValue(of: "id", in: path, SessionKey.parse(hex:)) == SessionKey(hex: id))
        #expect(match.parameters.withValue(of: "file", in: path) { $0.count } == nil)
    }

    @Test func aPathAnswersItsMethodsAndHeadOnlyBesideGet() throws {
        let session = try #require(table.match("/v1/sessions/x")).path
        #expect(session.route(for: .get)?.method == .get)
        #expect(session.route(for: .head)?.method == .get)
        #expect(session.route(for: .delete)?.method == .delete)
        #expect(session.route(for: .post) == nil)
        #expect(session.allowHeader == "GET, HEAD, DELETE")
        let stream = try #require(table.match("/v1/sessions/x/stream")).path
        #expect(stream.route(for: .head) == nil)
        #expect(stream.allowHeader == "GET")
    }
}
