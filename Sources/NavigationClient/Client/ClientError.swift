/// Why a request to the server did not do what was asked.
public enum ClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request or its answer did not get through: offline, refused, timed out.
    case transport(String)
    /// 401: no API key or token, or a wrong one.
    case unauthorized(Problem?)
    /// 409 or 412: the session moved on (`version-mismatch`), the screen is no longer in front
    /// (`screen-not-active`), or the session finished. Nothing changed on the server.
    case conflict(Problem)
    /// 410: the session was recorded by another version of its flow than the server runs now,
    /// or no longer replays (`flow-changed`). Start a new session.
    case gone(recordedFlowVersion: Int?, currentFlowVersion: Int?, detail: String)
    /// Any other problem the server answered with (404, 422, 429, 503, …): its type, detail and field errors.
    case problem(Problem)
    /// An answer that is not what the contract says: not JSON, or a document that does not decode.
    case invalidResponse(status: Int, reason: String)
    /// None of the screens a person can touch accepts this event; nothing was sent.
    case notAccepted(event: String)
    /// The session has ended; nothing more can be sent.
    case ended

    /// The problem the server sent, when there was one.
    public var problem: Problem? {
        switch self {
        case .unauthorized(let problem): problem
        case .conflict(let problem), .problem(let problem): problem
        default: nil
        }
    }

    /// Whether the session cannot be used any more: gone (410), unknown (404), or ended.
    public var meansSessionIsOver: Bool {
        switch self {
        case .gone, .ended: true
        case .problem(let problem): problem.status == 404
        default: false
        }
    }

    public var description: String {
        switch self {
        case .transport(let reason): "the server could not be reached: \(reason)"
        case .unauthorized(let problem): "unauthorized: \(problem?.detail ?? "the server wants an API key")"
        case .conflict(let problem): "\(problem.kind): \(problem.detail)"
        case .gone(let recorded, let current, let detail):
            "the flow changed (recorded by version \(recorded.map(String.init) ?? "?"), the server runs "
                + "\(current.map(String.init) ?? "none")): \(detail)"
        case .problem(let problem):
            ([problem.kind + ": " + problem.detail] + (problem.errors ?? []).map { "\($0.field) \($0.message)" }
                + (problem.omittedErrors.map { ["\($0) more"] } ?? []))
                .joined(separator: "; ")
        case .invalidResponse(let status, let reason): "an unexpected answer (\(status)): \(reason)"
        case .notAccepted(let event): "no screen in front accepts '\(event)'"
        case .ended: "the session has ended"
        }
    }
}
