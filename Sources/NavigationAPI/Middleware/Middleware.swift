import HTTPCore

/// One step of the chain every request passes through before its route's
/// handler (``MiddlewareChain``): it may answer by itself (a
/// refusal, a CORS preflight), or call `next` and look at or decorate what
/// came back.
///
/// Steps see only the request's line and headers, never its body, so each
/// decision they make could be made before the body is read.
protocol Middleware: Sendable {
    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse
}

extension HTTPResponse {
    /// The status of what the end of the chain answers for a head it
    /// admits: never sent, it tells ``NavigationAPI/response(beforeBodyOf:)``
    /// to read the body.
    static let admittedHeadStatus = 0
}
