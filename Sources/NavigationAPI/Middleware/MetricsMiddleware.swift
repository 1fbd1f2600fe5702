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
        let path = context.path?.index
        let method = context.method
        if let deferred = response.deferred {
            // Counted once answered, its wait included; not when its client left first.
            deferred.whenCompleted { [metrics] outcome in
                guard case .answered(let answer) = outcome else { return }
                metrics.recordRequest(
                    path: path, method: method, status: answer.status, nanoseconds: ServerMetrics.monotonicNanoseconds() - start)
            }
            return response
        }
        metrics.recordRequest(
            path: path, method: method, status: response.status, nanoseconds: ServerMetrics.monotonicNanoseconds() - start)
        return response
    }
}
