import HTTPCore

/// One step of the chain every request passes through before its route's
/// handler (``NavigationAPI/middleware``): it may answer by itself (a
/// refusal, a CORS preflight), or call `next` and look at or decorate what
/// came back.
///
/// Steps see only the request's line and headers, never its body, so each
/// decision they make could be made before the body is read.
protocol Middleware: Sendable {
    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse
}

extension [any Middleware] {
    /// Runs `context` through the steps from `index` on, then `endpoint`.
    func respond(
        to context: RequestContext, from index: Int = 0, endpoint: (RequestContext) -> HTTPResponse
    ) -> HTTPResponse {
        guard index < count else { return endpoint(context) }
        return self[index].respond(to: context) { respond(to: $0, from: index + 1, endpoint: endpoint) }
    }
}

extension HTTPResponse {
    /// The status of what the end of the chain answers for a head it
    /// admits: never sent, it tells ``NavigationAPI/response(beforeBodyOf:)``
    /// to read the body.
    static let admittedHeadStatus = 0
}
