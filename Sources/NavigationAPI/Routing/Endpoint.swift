/// One path template of openapi.yaml and the methods it answers.
///
/// `HEAD` is allowed wherever `GET` is, except on the stream: the handler
/// answers it exactly like `GET` and the HTTP layer leaves the body out.
enum Endpoint: Sendable, CaseIterable {
    case webClient
    case webAsset
    case health
    case readiness
    case metrics
    case openAPIDocument
    case flows
    case sessions
    case session
    case events
    case history
    case links
    case stream

    /// The path as written in openapi.yaml.
    var template: String {
        switch self {
        case .webClient: "/"
        case .webAsset: "/app/{file}"
        case .health: "/healthz"
        case .readiness: "/readyz"
        case .metrics: "/metrics"
        case .openAPIDocument: "/openapi.yaml"
        case .flows: "/v1/flows"
        case .sessions: "/v1/sessions"
        case .session: "/v1/sessions/{id}"
        case .events: "/v1/sessions/{id}/events"
        case .history: "/v1/sessions/{id}/history"
        case .links: "/v1/sessions/{id}/links"
        case .stream: "/v1/sessions/{id}/stream"
        }
    }

    var methods: [HTTPMethod] {
        switch self {
        case .webClient, .webAsset, .health, .readiness, .metrics, .openAPIDocument, .flows, .history: [.get, .head]
        case .sessions, .links: [.post]
        case .events: [.get, .head, .post]
        case .session: [.get, .head, .delete]
        // A stream has no end to send for HEAD.
        case .stream: [.get]
        }
    }

    /// Whether the endpoint is served without the API key: the web client,
    /// the probes of an orchestrator, the metrics scraper (see
    /// ``NavigationAPI/Options/protectsMetrics``) and the contract. Every
    /// `/v1` route needs the key when one is configured.
    var isOpen: Bool {
        switch self {
        case .webClient, .webAsset, .health, .readiness, .metrics, .openAPIDocument: true
        case .flows, .sessions, .session, .events, .history, .links, .stream: false
        }
    }

    /// The value of the `Allow` header of a 405.
    var allowHeader: String {
        methods.map(\.rawValue).joined(separator: ", ")
    }

    /// The method if this endpoint answers it.
    func method(named name: String) -> HTTPMethod? {
        guard let method = HTTPMethod(exactly: name), methods.contains(method) else { return nil }
        return method
    }
}
