import HTTPCore

/// Counts every answered request in ``ServerMetrics`` by route template,
/// method and status, with the time the rest of the chain took. First in
/// the chain, so refusals are counted too.
struct MetricsMiddleware: Middleware {
    let metrics: ServerMetrics

    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse {
        let start = ServerMetrics.monotonicNanoseconds()
        let response = next(context)
        // An admitted head is counted when its whole request is answered.
        if context.isHeadOnly, response.status == HTTPResponse.admittedHeadStatus { return response }
        metrics.recordRequest(
            path: context.path?.index, method: context.request.method, status: response.status,
            nanoseconds: ServerMetrics.monotonicNanoseconds() - start)
        return response
    }
}
