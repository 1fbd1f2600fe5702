import Coordination
import HTTPCore

/// The REST API of API.md over a ``SessionRegistry``: the HTTP handler the
/// server calls for every request.
///
/// ```swift
/// let registry = SessionRegistry(flows: BuiltinFlows.all)
/// let server = HTTPServer(configuration: .init(), handler: NavigationAPI(registry: registry))
/// try server.start()
/// ```
/// Thread-safe: it holds only immutable state and the registry, which locks
/// per session.
public struct NavigationAPI: HTTPHandler {
    /// What the API serves besides the registry's sessions.
    public struct Options: Sendable {
        /// The text of `GET /openapi.yaml`.
        public var openAPIDocument: String
        /// The `Retry-After` of a 429, in seconds. Sessions free up when
        /// clients end them or when idle ones expire, so a short wait is
        /// usually enough to find a slot.
        public var retryAfterSeconds: Int
        /// When set, every `/v1` route needs `Authorization: Bearer <key>`;
        /// `/healthz` and `/openapi.yaml` stay open.
        public var apiKey: APIKey?
        /// The browser origins allowed to call the API; off by default.
        public var cors: CORSPolicy

        public init(
            openAPIDocument: String = OpenAPIDocument.text, retryAfterSeconds: Int = 2,
            apiKey: APIKey? = nil, cors: CORSPolicy = CORSPolicy(allowedOrigins: [])
        ) {
            self.openAPIDocument = openAPIDocument
            self.retryAfterSeconds = retryAfterSeconds
            self.apiKey = apiKey
            self.cors = cors
        }
    }

    /// The sessions this API serves.
    public let registry: SessionRegistry
    public let options: Options
    private let healthBody: [UInt8]
    private let flowsBody: [UInt8]
    private let openAPIBody: [UInt8]

    public init(registry: SessionRegistry, options: Options = Options()) {
        self.registry = registry
        self.options = options
        self.healthBody = Array("{\"status\":\"ok\"}".utf8)
        self.flowsBody = FlowsDocument.render(registry.flows)
        self.openAPIBody = Array(options.openAPIDocument.utf8)
    }

    /// Every (method, path template) this API answers, e.g. `("GET",
    /// "/v1/sessions/{id}")`: what openapi.yaml must document.
    public static var operations: [(method: String, path: String)] {
        Endpoint.allCases.flatMap { endpoint in
            endpoint.methods.map { (method: $0.rawValue, path: endpoint.template) }
        }
    }

    /// Routes `request` and answers it; every refusal is a problem+json
    /// response, never a crash.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        if options.cors.isPreflight(request) {
            return preflight(request)
        }
        var response: HTTPResponse
        do throws(Problem) {
            try authorize(request)
            response = try respond(to: request)
        } catch {
            response = error.response
        }
        options.cors.decorate(&response, for: request)
        return response
    }

    /// 413 `body-too-large`, as problem+json like every other error.
    public func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
        switch rejection {
        case .bodyTooLarge(let limit):
            Problem(.bodyTooLarge, "the request body is larger than this server's limit of \(limit) bytes").response
        }
    }

    private func respond(to request: HTTPRequest) throws(Problem) -> HTTPResponse {
        guard let route = Route(path: request.path) else { throw Problem.unknownPath() }
        guard let method = route.endpoint.method(named: request.method) else {
            throw Problem.methodNotAllowed(on: route.endpoint)
        }
        switch route.endpoint {
        case .health:
            return .json(healthBody)
        case .openAPIDocument:
            return HTTPResponse(status: 200, headers: ResponseHeaders.yaml, body: openAPIBody)
        case .flows:
            return .json(flowsBody)
        case .sessions:
            return try createSession(request)
        case .session:
            let id = try wellFormedSessionID(route)
            return method == .delete ? try endSession(id) : try session(id, request)
        case .events:
            return try sendEvent(request, to: try wellFormedSessionID(route))
        case .history:
            return try history(of: try wellFormedSessionID(route), request)
        }
    }

    /// The route's session id, or 404 when it cannot be one.
    private func wellFormedSessionID(_ route: Route) throws(Problem) -> String {
        guard let id = route.sessionID, SessionID.isWellFormed(id) else { throw Problem.sessionNotFound() }
        return id
    }

    /// Runs an engine call, turning its refusal into a problem.
    ///
    /// - Parameter outcome: what a `flow-failure` left behind, for its detail.
    func engine<Value>(
        outcome: String = "the session is unchanged", _ body: () throws(NavigationError) -> Value
    ) throws(Problem) -> Value {
        do {
            return try body()
        } catch {
            throw Problem(error, retryAfterSeconds: options.retryAfterSeconds, outcome: outcome)
        }
    }
}
