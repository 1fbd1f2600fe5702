import HTTPCore

/// The route table: every operation of openapi.yaml, declared once.
extension NavigationAPI {
    static let routes = RouteTable([
        // The web client, the orchestrator's probes, the metrics scraper and the contract.
        Route(.get, "/", .open) { api, context throws(Problem) in try api.webClientPage(context) },
        Route(.get, "/app/{file}", .open) { api, context throws(Problem) in try api.webClientFile(context) },
        Route(.get, "/healthz", .open) { api, _ in .json(api.healthBody) },
        Route(.get, "/readyz", .open) { api, _ throws(Problem) in try api.readinessProbe() },
        Route(.get, "/metrics", .metrics) { api, _ in api.metricsPage() },
        Route(.get, "/openapi.yaml", .open) { api, _ in
            HTTPResponse(status: 200, headers: ResponseHeaders.yaml, body: api.openAPIBody)
        },
        // The sessions.
        Route(.get, "/v1/flows", .key) { api, _ in .json(FlowsDocument.render(api.registry.flowOverviews())) },
        Route(.post, "/v1/sessions", .key, limitsCreations: true) { api, context throws(Problem) in
            try api.createSession(context)
        },
        Route(.get, "/v1/sessions/{id}", .key) { api, context throws(Problem) in try api.session(context) },
        Route(.delete, "/v1/sessions/{id}", .key) { api, context throws(Problem) in try api.endSession(context) },
        Route(.get, "/v1/sessions/{id}/events", .key) { api, context throws(Problem) in try api.recordedEvents(context) },
        Route(.post, "/v1/sessions/{id}/events", .key) { api, context throws(Problem) in try api.sendEvent(context) },
        Route(.get, "/v1/sessions/{id}/history", .key) { api, context throws(Problem) in try api.history(context) },
        Route(.post, "/v1/sessions/{id}/links", .key) { api, context throws(Problem) in try api.openLink(context) },
        Route(.get, "/v1/sessions/{id}/stream", .keyInHeaderOrQuery, answersHead: false) { api, context throws(Problem) in
            try api.openStream(context)
        },
    ])
}
