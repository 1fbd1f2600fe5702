import HTTPCore

/// Counts every answered request in ``ServerMetrics`` by route template,
/// method and status, with the time the rest of the chain took. First in
/// the chain, so refusals are counted too.
struct MetricsMiddleware: Middleware {
    let metrics: ServerMetrics

    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse {
        let start = ServerMetrics.monotonicNanoseconds()
        let response = next(context)
        metrics.recordRequest(
            path: context.path?.index, method: context.request.method, status: response.status,
            nanoseconds: ServerMetrics.monotonicNanoseconds() - start)
        return response
    }
}
