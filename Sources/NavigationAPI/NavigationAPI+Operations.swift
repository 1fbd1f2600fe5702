import HTTPCore

/// The routes that answer from the server itself rather than a session.
extension NavigationAPI {
    /// `GET /`: the web client's page.
    func webClientPage(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        guard let page = WebClient.file(at: WebClient.indexPath) else { throw Problem.unknownPath() }
        return WebClient.response(for: page, context.request)
    }

    /// `GET /app/{file}`: the web client's other files.
    func webClientFile(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        guard let path = context.parameter("file"), path != WebClient.indexPath, let file = WebClient.file(at: path)
        else { throw Problem.unknownPath() }
        return WebClient.response(for: file, context.request)
    }

    /// `GET /readyz`: 200 while the server takes traffic and its store
    /// works; 503 while draining, or after the store refused.
    func readinessProbe() throws(Problem) -> HTTPResponse {
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
    }

    /// `GET /metrics`: the Prometheus text page.
    func metricsPage() -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: ResponseHeaders.metrics,
            body: metrics.render(
                registry: registry, openStreams: streams.count, overflowedStreams: streams.overflowed.load(ordering: .relaxed),
                backendSlots: options.backendSlots))
    }
}
