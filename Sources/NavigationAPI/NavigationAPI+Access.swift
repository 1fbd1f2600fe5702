import HTTPCore

/// Who may call what: the optional API key and CORS preflights.
extension NavigationAPI {
    /// Throws 401 when an API key is configured, the route needs it, and the
    /// request does not carry it.
    ///
    /// Decided on the routed endpoint, never on the raw path: the router
    /// percent-decodes, so a check of the raw text would let `/%76%31/flows`
    /// through while the router serves `/v1/flows`. A path that routes
    /// nowhere needs the key too, so a caller without it learns nothing about
    /// which paths exist.
    func authorize(_ request: HTTPRequest, route: Route?) throws(Problem) {
        guard let apiKey = options.apiKey, needsKey(route) else { return }
        guard apiKey.admits(request.headers["Authorization"] ?? streamKey(request, route: route)) else {
            throw Problem.unauthorized()
        }
    }

    /// The stream route alone also takes the key as `?key=<key>`: a
    /// browser's `EventSource` cannot send headers. Only there, so that a
    /// key in a URL (which logs and histories keep) is never needed for
    /// anything but reading a session (see SECURITY.md).
    private func streamKey(_ request: HTTPRequest, route: Route?) -> String? {
        guard route?.endpoint == .stream, !request.query.isEmpty,
            let key = request.queryItems().first(where: { $0.name == "key" })?.value
        else { return nil }
        return "Bearer " + key
    }

    /// Whether `route` needs the API key when one is configured: every `/v1`
    /// route and every unknown path; `/metrics` when
    /// ``Options/protectsMetrics`` is set; the rest (``Endpoint/isOpen``) never.
    func needsKey(_ route: Route?) -> Bool {
        guard let endpoint = route?.endpoint else { return true }
        if endpoint == .metrics { return options.protectsMetrics }
        return !endpoint.isOpen
    }

    /// A CORS preflight: 404 for a path this API does not have, else 204 with
    /// the methods of the path (see ``CORSPolicy/preflightResponse(_:methods:)``).
    /// Browsers send preflights without credentials, so no key is needed.
    func preflight(_ request: HTTPRequest, route: Route?) -> HTTPResponse {
        guard let route else {
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
