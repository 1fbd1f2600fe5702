import Coordination
import HTTPCore

/// An RFC 9457 problem: what the client gets instead of the resource.
///
/// Rendered as `application/problem+json` with `type`, `title`, `status` and
/// `detail`, plus the extension members that are set. Everything here may hold
/// client input (a flow name, a member name); ``JSONWriter`` escapes it.
struct Problem: Error, Sendable {
    let type: ProblemType
    /// One sentence the client developer can act on.
    let detail: String
    /// For `event-not-accepted`: the events the screen does accept.
    var acceptedEvents: [String]?
    /// For invalid bodies, payloads and contexts: one entry per problem.
    var errors: [FieldProblem] = []
    /// For 409 and 412: the session's version when the request was refused.
    var currentVersion: Int?
    /// For `screen-not-active`: the id of the active (top) screen.
    var activeScreen: String?
    /// For `session-too-large`: the session's byte limit (`--max-session-bytes`).
    var limitBytes: Int?
    /// For `session-too-large` of an event: the bytes the unchanged session holds.
    var sessionBytes: Int?
    /// For `flow-changed`: the flow version the session was recorded under, and
    /// the one this server runs (absent when the flow is gone).
    var recordedFlowVersion: Int?
    var currentFlowVersion: Int?
    /// For `flow-changed` of a session whose replay diverged: the first
    /// session version whose document is not the one recorded.
    var divergedAtVersion: Int?
    /// Headers the status calls for (`Allow`, `Retry-After`).
    var headers: [(name: String, value: String)] = []
    /// For `unknown-link`: the link patterns the session's flow follows.
    var linkPatterns: [String]?

    init(_ type: ProblemType, _ detail: String) {
        self.type = type
        self.detail = detail
    }

    var response: HTTPResponse {
        let detail = ProblemText.bounded(detail, maxBytes: ProblemText.maxDetailBytes)
        var writer = JSONWriter(capacity: 192 + detail.utf8.count)
        writer.writeObject { problem in
            problem.member("type", type.uri)
            problem.member("title", type.title)
            problem.member("status", type.status)
            problem.member("detail", detail)
            if let acceptedEvents {
                problem.member("acceptedEvents") { $0.writeArray(acceptedEvents) { $0.writeString($1) } }
            }
            if !errors.isEmpty {
                problem.member("errors") { writer in
                    writer.writeArray(errors.prefix(ProblemText.maxListedErrors)) { writer, error in
                        writer.writeObject { entry in
                            entry.member("field", ProblemText.bounded(error.field, maxBytes: ProblemText.maxFieldBytes))
                            entry.member(
                                "message", ProblemText.bounded(error.message, maxBytes: ProblemText.maxMessageBytes))
                        }
                    }
                }
                if errors.count > ProblemText.maxListedErrors {
                    problem.member("omittedErrors", errors.count - ProblemText.maxListedErrors)
                }
            }
            if let currentVersion { problem.member("currentVersion", currentVersion) }
            if let activeScreen { problem.member("activeScreen", activeScreen) }
            if let limitBytes { problem.member("limitBytes", limitBytes) }
            if let sessionBytes { problem.member("sessionBytes", sessionBytes) }
            if let recordedFlowVersion { problem.member("recordedFlowVersion", recordedFlowVersion) }
            if let currentFlowVersion { problem.member("currentFlowVersion", currentFlowVersion) }
            if let divergedAtVersion { problem.member("divergedAtVersion", divergedAtVersion) }
            if let linkPatterns {
                problem.member("patterns") { $0.writeArray(linkPatterns) { $0.writeString($1) } }
            }
        }
        var response = HTTPResponse(status: type.status, headers: ResponseHeaders.problem, body: writer.bytes)
        for header in headers { response.headers.add(header.name, header.value) }
        return response
    }
}

extension Problem {
    static func unknownPath() -> Problem {
        Problem(.notFound, "no resource has this path; see /openapi.yaml for the routes this server answers")
    }

    static func methodNotAllowed(on path: RouteTable.Path) -> Problem {
        var problem = Problem(
            .methodNotAllowed,
            "\(path.pattern.template) answers \(path.allowHeader) only; see the Allow header")
        problem.headers = [("Allow", path.allowHeader)]
        return problem
    }

    static func sessionNotFound() -> Problem {
        Problem(.sessionNotFound, "no live session has this id; it may have ended or expired")
    }
}
