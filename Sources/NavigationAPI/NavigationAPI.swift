import Coordination
import HTTPCore
import Sessions

/// The REST API of openapi.yaml over a ``SessionRegistry``: the HTTP handler the
/// server calls for every request.
///
/// ```swift
/// let registry = SessionRegistry(flows: BuiltinFlows.all)
/// let server = HTTPServer(configuration: .init(), handler: NavigationAPI(registry: registry))
/// try server.start()
/// ```
/// Thread-safe: it holds only immutable state, the registry, which locks
/// per session, and the creation-rate table, which locks per shard.
public struct NavigationAPI: HTTPHandler {
    /// What the API serves besides the registry's sessions.
    public struct Options: Sendable {
        /// The text of `GET /openapi.yaml`.
        public var openAPIDocument: String
        /// The `Retry-After` of a 429, in seconds. Sessions free up when
        /// clients end them or when idle ones expire, so a short wait is
        /// usually enough to find a slot.
        public var retryAfterSeconds: Int
        /// When set, every `/v1` route (and every unknown path) needs
        /// `Authorization: Bearer <key>`; `/`, `/app/*`, `/healthz`,
        /// `/readyz` and `/openapi.yaml` stay open, and so does `/metrics`
        /// unless ``protectsMetrics`` is set.
        public var apiKey: APIKey?
        /// With an ``apiKey``, `/metrics` needs the key too.
        public var protectsMetrics: Bool
        /// The browser origins allowed to call the API; off by default.
        public var cors: CORSPolicy
        /// How fast one client may create sessions; past it
        /// `POST /v1/sessions` is 429 `create-rate-limited`.
        public var creationRate: CreationRate
        /// Whether the client of the creation rate is the last
        /// `X-Forwarded-For` address rather than the connection's peer;
        /// only behind a proxy that appends it (see SECURITY.md).
        public var trustForwardedFor: Bool
        /// The bounds of live-update streams.
        public var streams: StreamOptions

        public init(
            openAPIDocument: String = OpenAPIDocument.text, retryAfterSeconds: Int = 2,
            apiKey: APIKey? = nil, protectsMetrics: Bool = false, cors: CORSPolicy = CORSPolicy(allowedOrigins: []),
            creationRate: CreationRate = .default, trustForwardedFor: Bool = false, streams: StreamOptions = StreamOptions()
        ) {
            self.streams = streams
            self.protectsMetrics = protectsMetrics
            self.openAPIDocument = openAPIDocument
            self.retryAfterSeconds = retryAfterSeconds
            self.apiKey = apiKey
            self.cors = cors
            self.creationRate = creationRate
            self.trustForwardedFor = trustForwardedFor
        }
    }

    /// The sessions this API serves.
    public let registry: SessionRegistry
    public let options: Options
    /// What `GET /metrics` reports; every request is counted here.
    public let metrics: ServerMetrics
    /// What `GET /readyz` reports; a stopping server calls `beginDraining()`.
    public let readiness: Readiness
    /// Each client's bucket of session creations.
    let creationLimiter: ClientRateLimiter
    /// The open live-update streams.
    let streams: StreamHub
    private let healthBody: [UInt8]
    private let readyBody: [UInt8]
    private let flowsBody: [UInt8]
    private let openAPIBody: [UInt8]

    public init(registry: SessionRegistry, options: Options = Options()) {
        self.registry = registry
        self.options = options
        self.metrics = ServerMetrics(flows: registry.flows.map(\.name))
        self.readiness = Readiness()
        self.creationLimiter = ClientRateLimiter(rate: options.creationRate)
        // Each keep-alive also checks the streamed sessions against the
        // store: how a stream learns of what no message announces (a Redis
        // session expired by Redis, a lost pub/sub message).
        self.streams = StreamHub(options: options.streams) { [registry] in registry.refreshAllSubscribers() }
        self.healthBody = Array("{\"status\":\"ok\"}".utf8)
        self.readyBody = Array("{\"status\":\"ready\"}".utf8)
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
        respond(to: request).response
    }

    /// Answers `request` like ``handle(_:)`` and also says which route
    /// template it matched, for a request log. Counts it in ``metrics``.
    public func respond(to request: HTTPRequest) -> RoutedResponse {
        let start = ServerMetrics.monotonicNanoseconds()
        let route = Route(path: request.path)
        var response: HTTPResponse
        if options.cors.isPreflight(request) {
            response = preflight(request, route: route)
        } else {
            do throws(Problem) {
                try authorize(request, route: route)
                response = try respond(to: request, route: route)
            } catch {
                response = error.response
            }
            options.cors.decorate(&response, for: request)
        }
        metrics.recordRequest(
            endpoint: route?.endpoint, method: request.method, status: response.status,
            nanoseconds: ServerMetrics.monotonicNanoseconds() - start)
        return RoutedResponse(response: response, routeTemplate: route?.endpoint.template)
    }

    /// 413 `body-too-large` or 400 `malformed-request`, as problem+json like
    /// every other error. Counted in ``metrics`` under the route `unrouted`:
    /// the request never reached routing.
    public func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
        let response: HTTPResponse
        switch rejection {
        case .bodyTooLarge(let limit):
            response = Problem(.bodyTooLarge, "the request body is larger than this server's limit of \(limit) bytes").response
        case .malformedRequest(let violation):
            response = Problem(.malformedRequest, violation.explanation).response
        }
        metrics.recordRequest(endpoint: nil, method: RequestLabels.otherMethod, status: response.status, nanoseconds: 0)
        return response
    }

    private func respond(to request: HTTPRequest, route: Route?) throws(Problem) -> HTTPResponse {
        guard let route else { throw Problem.unknownPath() }
        guard let method = route.endpoint.method(named: request.method) else {
            throw Problem.methodNotAllowed(on: route.endpoint)
        }
        switch route.endpoint {
        case .webClient:
            guard let page = WebClient.file(at: WebClient.indexPath) else { throw Problem.unknownPath() }
            return WebClient.response(for: page, request)
        case .webAsset:
            guard let path = route.assetPath, path != WebClient.indexPath, let asset = WebClient.file(at: path)
            else { throw Problem.unknownPath() }
            return WebClient.response(for: asset, request)
        case .health:
            return .json(healthBody)
        case .readiness:
            guard readiness.isReady else {
                throw Problem(.draining, "the server is stopping and takes no new traffic; send requests to another instance")
            }
            guard registry.isStoreAvailable else {
                var problem = Problem(
                    .storeUnavailable, "the session store refused its last read or write; send requests to another instance")
                problem.headers = [("Retry-After", String(options.retryAfterSeconds))]
                throw problem
            }
            return .json(readyBody)
        case .metrics:
            return HTTPResponse(
                status: 200, headers: ResponseHeaders.metrics,
                body: metrics.render(
                    registry: registry, openStreams: streams.count,
                    overflowedStreams: streams.overflowed.load(ordering: .relaxed)))
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
            let id = try wellFormedSessionID(route)
            return method == .post ? try sendEvent(request, to: id) : try recordedEvents(of: id, request)
        case .history:
            return try history(of: try wellFormedSessionID(route), request)
        case .links:
            return try openLink(request, in: try wellFormedSessionID(route))
        case .stream:
            return try openStream(of: try wellFormedSessionID(route), request)
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
