import HTTPCore

/// The API key (`--api-key`): a `401` for a request whose route needs the
/// key and does not carry it (``Route/Access``).
///
/// Decided on the matched route, never on the raw path: the router
/// percent-decodes, so a check of the raw text would let `/%76%31/flows`
/// through while the router serves `/v1/flows`.
struct APIKeyMiddleware: Middleware {
    let key: APIKey
    /// `--protect-metrics`: `/metrics` needs the key too.
    let protectsMetrics: Bool

    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse {
        guard needsKey(context.access), !key.admits(credentials(of: context)) else { return next(context) }
        return Problem.unauthorized().response
    }

    private func needsKey(_ access: Route.Access) -> Bool {
        switch access {
        case .open: false
        case .metrics: protectsMetrics
        case .key, .keyInHeaderOrQuery: true
        }
    }

    /// The `Authorization` header; for a route that takes it, `?key=` as a
    /// bearer credential when the header is absent.
    private func credentials(of context: RequestContext) -> String? {
        if let header = context.request.headers["Authorization"] { return header }
        guard context.access == .keyInHeaderOrQuery, !context.request.query.isEmpty,
            let key = context.request.queryItems().first(where: { $0.name == "key" })?.value
        else { return nil }
        return "Bearer " + key
    }
}

extension Problem {
    static func unauthorized() -> Problem {
        var problem = Problem(
            .unauthorized, "this server needs an API key: send Authorization: Bearer <key> with every /v1 request")
        problem.headers = [("WWW-Authenticate", "Bearer realm=\"navigation-server\"")]
        return problem
    }
}
