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
/// The routes are declared once, in ``routes``; every request runs through
/// the ``middleware`` chain, then its route's handler, which makes one call
/// to a use case of the registry and renders the values it returns.
///
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
        /// The `Host` names answered; by default any when a key or a token
        /// is required (a page cannot send it), else the local forms only.
        public var allowedHosts: HostPolicy
        /// With `--auth jwt`: the verifier of bearer tokens. Every `/v1`
        /// route then needs a token (or the API key), and a session exists
        /// only for the owner whose token created it.
        public var tokens: TokenAuthority?
        /// What `/metrics` reports as the backend client's slots
        /// (`navigation_backend_slots`): the calls to backends in flight at
        /// once at the most; 0 without a backend.
        public var backendSlots: Int

        public init(
            openAPIDocument: String = OpenAPIDocument.text, retryAfterSeconds: Int = 2,
            apiKey: APIKey? = nil, protectsMetrics: Bool = false, cors: CORSPolicy = CORSPolicy(allowedOrigins: []),
            creationRate: CreationRate = .default, trustForwardedFor: Bool = false, streams: StreamOptions = StreamOptions(),
            allowedHosts: HostPolicy? = nil, tokens: TokenAuthority? = nil, backendSlots: Int = 0
        ) {
            self.tokens = tokens
            self.backendSlots = backendSlots
            self.allowedHosts = allowedHosts ?? (apiKey == nil && tokens == nil ? .local : .any)
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
    /// The open live-update streams.
    let streams: StreamHub
    /// What every request passes through before its route's handler
    /// (``MiddlewareChain``).
    let middleware: MiddlewareChain
    let healthBody: [UInt8]
    let readyBody: [UInt8]
    let openAPIBody: [UInt8]

    public init(registry: SessionRegistry, options: Options = Options()) {
        self.registry = registry
        self.options = options
        self.metrics = ServerMetrics(paths: Self.routes.paths.map(\.pattern.template))
        self.readiness = Readiness()
        // Each keep-alive also checks the streamed sessions against the
        // store: how a stream learns of what no message announces (a Redis
        // session expired by Redis, a lost pub/sub message).
        self.streams = StreamHub(options: options.streams) { [registry] in registry.refreshAllSubscribers() }
        self.middleware = MiddlewareChain(
            metrics: MetricsMiddleware(metrics: metrics), host: HostMiddleware(policy: options.allowedHosts),
            cors: CORSMiddleware(policy: options.cors),
            access: options.apiKey != nil || options.tokens != nil
                ? AccessMiddleware(key: options.apiKey, tokens: options.tokens, protectsMetrics: options.protectsMetrics) : nil,
            creationRate: CreationRateMiddleware(
                rate: options.creationRate, limiter: ClientRateLimiter(rate: options.creationRate),
                trustForwardedFor: options.trustForwardedFor))
        self.healthBody = Array("{\"status\":\"ok\"}".utf8)
        self.readyBody = Array("{\"status\":\"ready\"}".utf8)
        self.openAPIBody = Array(options.openAPIDocument.utf8)
    }

    /// Every (method, path template) this API answers, e.g. `("GET",
    /// "/v1/sessions/{id}")`: what openapi.yaml must document.
    public static var operations: [(method: String, path: String)] { routes.operations }

    /// Routes `request` and answers it; every refusal is a problem+json
    /// response, never a crash.
    public func handle(_ request: consuming HTTPRequest) -> HTTPResponse {
        respond(to: request).response
    }

    /// Answers `request` like ``handle(_:)`` and also says which route
    /// template it matched, for a request log.
    public func respond(to request: consuming HTTPRequest) -> RoutedResponse {
        let context = routed(request, isHeadOnly: false)
        // A closure, not `endpoint: dispatch`: a method reference copied
        // this whole struct into a context for every request.
        let response = middleware.respond(to: context) { dispatch($0) }
        return RoutedResponse(response: response, routeTemplate: context.path?.pattern.template)
    }

    /// `request` with the path and route it matched, ready for the chain.
    private func routed(_ request: consuming HTTPRequest, isHeadOnly: Bool) -> RequestContext {
        // Taken apart once: each optional chain into the match copied its
        // parameters (four strings) again.
        let method = HTTPMethod(exactly: request.method)
        guard case (let path, let parameters)? = Self.routes.match(request.path) else {
            return RequestContext(
                request: request, method: method, path: nil, route: nil, parameters: PathParameters(), isHeadOnly: isHeadOnly)
        }
        let route = method.flatMap { path.route(for: $0) }
        return RequestContext(
            request: request, method: method, path: path, route: route, parameters: parameters, isHeadOnly: isHeadOnly)
    }

    /// A refusal decided from the head, before a body is read or `100
    /// Continue` sent: the same chain runs on the head (the allowed hosts,
    /// access), and a request it refuses never sends its body. Only for a
    /// request that waits for `100 Continue`, sends its body in chunks, or
    /// declares more than ``bodyReadBeforeChecking`` bytes: a smaller one
    /// gains nothing from an early answer (its body costs less to read than
    /// the check, and no more than the headers a client may send anyway), so
    /// it is checked once, whole, and a refusal keeps its connection open.
    public func response(beforeBodyOf head: HTTPRequestHead) -> HTTPResponse? {
        let headers = head.headers
        guard
            headers["Expect"] != nil || headers["Transfer-Encoding"] != nil
                || headers.declaredContentLength.map({ $0 > Self.bodyReadBeforeChecking }) ?? false
        else { return nil }
        let request = HTTPRequest(
            method: head.method, path: head.path, query: head.query, headers: head.headers, clientAddress: head.clientAddress)
        let context = routed(request, isHeadOnly: true)
        let response = middleware.respond(to: context) { _ in HTTPResponse(status: HTTPResponse.admittedHeadStatus) }
        return response.status == HTTPResponse.admittedHeadStatus ? nil : response
    }

    /// The route's handler, or 404 for a path no route has, 405 for a
    /// method the path does not answer.
    private func dispatch(_ context: RequestContext) -> HTTPResponse {
        do throws(Problem) {
            // The route's handler first (a context has a route only with its
            // path), taken out of the optional directly: binding the path,
            // then the route, copied each optional through the runtime's
            // generic witnesses (~450 instructions a request).
            if let handler = context.route?.handler { return try handler(self, context) }
            guard let path = context.path else { throw Problem.unknownPath() }
            throw Problem.methodNotAllowed(on: path)
        } catch {
            return error.response
        }
    }

    /// The largest declared body read before the chain checks its request
    /// (``response(beforeBodyOf:)``).
    public static let bodyReadBeforeChecking = 4096

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
        metrics.recordRequest(path: nil, method: nil, status: response.status, nanoseconds: 0)
        return response
    }

    /// Runs a use case of the registry, turning its refusal into a problem.
    ///
    /// - Parameter outcome: what a `flow-failure` left behind, when the use
    ///   case is no change of a session (a creation).
    func useCase<Value>(outcome: String? = nil, _ body: () throws(NavigationError) -> Value) throws(Problem) -> Value {
        do {
            return try body()
        } catch {
            throw Problem(error, retryAfterSeconds: options.retryAfterSeconds, outcome: outcome)
        }
    }
}
