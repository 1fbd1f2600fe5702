import HTTPCore

/// Browser origins (``CORSPolicy``): answers preflights itself, before
/// access is checked (browsers send them without credentials), and adds the
/// CORS headers to every other answer, refusals included.
struct CORSMiddleware: Middleware {
    let policy: CORSPolicy

    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse {
        guard policy.isEnabled else { return next(context) }
        if policy.isPreflight(context.request) {
            // 404 for a path this API does not have, else 204 with its methods.
            guard let path = context.path else { return decorated(Problem.unknownPath().response, context) }
            return policy.preflightResponse(context.request, methods: path.allowHeader)
        }
        return decorated(next(context), context)
    }

    private func decorated(_ response: HTTPResponse, _ context: RequestContext) -> HTTPResponse {
        var response = response
        policy.decorate(&response, for: context.request)
        return response
    }
}
