import HTTPCore
import JWTVerification
import Sessions

/// Who may call what (``Route/Access``), and on whose behalf: the API key
/// (`--api-key`, a service that may use every session) and bearer JWTs
/// (`--auth jwt`, a user who may use only the sessions they created). A
/// request without what its route needs is 401; one that passes goes on
/// with its ``RequestContext/caller`` set.
///
/// Decided on the matched route, never on the raw path: the router
/// percent-decodes, so a check of the raw text would let `/%76%31/flows`
/// through while the router serves `/v1/flows`. Decided from the headers
/// alone, so it also runs before a body is read (``NavigationAPI/response(beforeBodyOf:)``).
struct AccessMiddleware: Middleware {
    let key: APIKey?
    let tokens: TokenAuthority?
    /// `--protect-metrics`: `/metrics` needs the key too.
    let protectsMetrics: Bool

    func respond(to context: RequestContext, next: (RequestContext) -> HTTPResponse) -> HTTPResponse {
        guard needsCredentials(context.access) else { return next(context) }
        guard let credentials = credentials(of: context) else { return Problem.unauthorized().response }
        if let key, key.admits(credentials.token) { return next(context) }
        // The metrics scraper is a service: only the key opens `/metrics`.
        guard let tokens, context.access != .metrics else { return Problem.unauthorized().response }
        do {
            var context = context
            context.caller = .owner(try tokens.owner(of: credentials.token))
            return next(context)
        } catch {
            return Problem.invalidToken(error).response
        }
    }

    private func needsCredentials(_ access: Route.Access) -> Bool {
        switch access {
        case .open: false
        case .metrics: protectsMetrics
        case .key, .keyInHeaderOrQuery: true
        }
    }

    /// The bearer credentials of the `Authorization` header; for a route
    /// that takes it, `?key=` when the header is absent.
    private func credentials(of context: RequestContext) -> BearerCredentials? {
        if let header = context.request.headers.firstValue(named: "Authorization") { return BearerCredentials(header) }
        guard context.access == .keyInHeaderOrQuery, !context.request.query.isEmpty,
            let key = context.request.queryItems().first(where: { $0.name == "key" })?.value
        else { return nil }
        return BearerCredentials(token: Substring(key))
    }
}

extension Problem {
    static func unauthorized() -> Problem {
        var problem = Problem(
            .unauthorized, "this server needs credentials: send Authorization: Bearer <key or token> with every /v1 request")
        problem.headers = [("WWW-Authenticate", "Bearer realm=\"navigation-server\"")]
        return problem
    }

    /// A bearer token that is no key and does not verify: RFC 6750's
    /// `invalid_token`, with the reason (which never quotes the token).
    static func invalidToken(_ rejection: TokenRejection) -> Problem {
        var problem = Problem(.unauthorized, rejection.description)
        problem.headers = [("WWW-Authenticate", "Bearer realm=\"navigation-server\", error=\"invalid_token\"")]
        return problem
    }
}
