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
        #expect(table.match("/v1/sessions/caf\u{E9}")?.parameters["id"] == "caf\u{E9}")
        let match = try #require(table.match("/v1/sessions/a%2Fb/events"))
        #expect(match.path.pattern.template == "/v1/sessions/{id}/events")
        #expect(match.parameters["id"] == "a/b")
        #expect(match.parameters["file"] == nil)
        #expect(table.match("/app/main.js")?.parameters["file"] == "main.js")
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
        #expect(matched?.path.pattern == decoded?.path.pattern)
        #expect(matched?.parameters == decoded?.parameters)
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
