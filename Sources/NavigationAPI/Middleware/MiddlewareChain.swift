import HTTPCore

/// The steps every request passes through before its route's handler, in
/// their order: metrics (outermost, so every answer is counted), the
/// allowed hosts, CORS, access (the API key, bearer tokens; only when the
/// server needs credentials), the creation rate.
///
/// Each step a member of its own type, called directly: the compiler then
/// knows every step and the closure to the next one. Through an array of
/// `any Middleware` walked by a recursive closure, each step cost a
/// witness call, an existential and a closure context (~90 instructions a
/// step, on every request). A class: a struct of the steps was copied for
/// every request, a retain and a release of each step's members.
final class MiddlewareChain: Sendable {
    let metrics: MetricsMiddleware
    let host: HostMiddleware
    let cors: CORSMiddleware
    let access: AccessMiddleware?
    let creationRate: CreationRateMiddleware

    init(
        metrics: MetricsMiddleware, host: HostMiddleware, cors: CORSMiddleware, access: AccessMiddleware?,
        creationRate: CreationRateMiddleware
    ) {
        self.metrics = metrics
        self.host = host
        self.cors = cors
        self.access = access
        self.creationRate = creationRate
    }

    /// Runs `context` through every step, then `endpoint`.
    func respond(to context: RequestContext, endpoint: (RequestContext) -> HTTPResponse) -> HTTPResponse {
        metrics.respond(to: context) { context in
            host.respond(to: context) { context in
                cors.respond(to: context) { context in
                    guard let access else { return creationRate.respond(to: context, next: endpoint) }
                    return access.respond(to: context) { context in creationRate.respond(to: context, next: endpoint) }
                }
            }
        }
    }
}
