import HTTPCore

/// One operation of the API, declared once in ``NavigationAPI/routes``: its
/// method and path, who may call it, and the handler that answers it.
/// Matching, `405` with `Allow`, dispatch, access, the creation rate, the
/// metrics labels and the list of operations checked against openapi.yaml
/// all come from these declarations.
///
/// A class: every request's context holds its route, and a copy of this
/// many members (a pattern of arrays, a closure) cost a retain and a
/// release each.
final class Route: Sendable {
    /// Answers a request this route matched; a refusal is a ``Problem``.
    typealias Handler = @Sendable (NavigationAPI, RequestContext) throws(Problem) -> HTTPResponse

    /// Who may call a route when the server has an API key.
    enum Access: Sendable, Equatable, Comparable {
        /// Always open: the web client, the probes of an orchestrator, the contract.
        case open
        /// Open unless `--protect-metrics` is set.
        case metrics
        /// `Authorization: Bearer <key>`.
        case key
        /// The key as the header or as `?key=`: a browser's `EventSource`
        /// cannot send headers, and a key in a URL (which logs and
        /// histories keep) must never be needed for anything but reading.
        case keyInHeaderOrQuery
    }

    let method: HTTPMethod
    let path: PathPattern
    let access: Access
    /// Whether each call takes a token from the client's creation bucket
    /// (`--create-rate`): `POST /v1/sessions`.
    let limitsCreations: Bool
    /// Whether `HEAD` is answered as `GET` without the body; false for a
    /// stream, which has no end to send.
    let answersHead: Bool
    let handler: Handler

    init(
        _ method: HTTPMethod, _ path: String, _ access: Access, limitsCreations: Bool = false, answersHead: Bool = true,
        handler: @escaping Handler
    ) {
        self.method = method
        self.path = PathPattern(path)
        self.access = access
        self.limitsCreations = limitsCreations
        self.answersHead = method == .get && answersHead
        self.handler = handler
    }

    /// The methods this route answers: its own, and `HEAD` beside a `GET`.
    var methods: [HTTPMethod] { answersHead ? [method, .head] : [method] }

    /// Whether `requested` is one of ``methods``, without making that array
    /// (asked for every request).
    func answers(_ requested: HTTPMethod) -> Bool {
        requested == method || (requested == .head && answersHead)
    }
}
