import HTTPCore

/// Who may call what: the optional API key on `/v1` and CORS preflights.
extension NavigationAPI {
    /// Throws 401 when an API key is configured, the path is under `/v1`,
    /// and the request does not carry the key. Checked before routing, so a
    /// caller without the key learns nothing about which `/v1` paths exist.
    func authorize(_ request: HTTPRequest) throws(Problem) {
        guard let apiKey = options.apiKey, Self.isProtected(request.path) else { return }
        guard apiKey.admits(request.headers["Authorization"]) else { throw Problem.unauthorized() }
    }

    /// `/v1` and everything below it; `/healthz` and `/openapi.yaml` stay open.
    static func isProtected(_ path: String) -> Bool {
        path == "/v1" || path.hasPrefix("/v1/")
    }

    /// A CORS preflight: 404 for a path this API does not have, else 204 with
    /// the methods of the path (see ``CORSPolicy/preflightResponse(_:methods:)``).
    /// Browsers send preflights without credentials, so no key is needed.
    func preflight(_ request: HTTPRequest) -> HTTPResponse {
        guard let route = Route(path: request.path) else {
            var response = Problem.unknownPath().response
            options.cors.decorate(&response, for: request)
            return response
        }
        return options.cors.preflightResponse(request, methods: route.endpoint.allowHeader)
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
