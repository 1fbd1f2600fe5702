import HTTPCore

/// `--allowed-hosts` (``HostPolicy``): a request naming another host is
/// refused with 421 before anything else looks at it.
struct HostMiddleware: Middleware {
    let policy: HostPolicy

    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse {
        guard !policy.admits(context.request.headers) else { return next(context) }
        return Problem(
            .hostNotAllowed,
            "this server does not answer for the host this request names; see --allowed-hosts"
        ).response
    }
}
