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
    /// Headers the status calls for (`Allow`, `Retry-After`).
    /// `flow-changed`: the flow version the session was recorded under, and
    /// the one this server runs (absent when the flow is gone).
    var recordedFlowVersion: Int?
    var currentFlowVersion: Int?
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
        writer.writeRaw("{\"type\":")
        writer.writeString(type.uri)
        writer.writeRaw(",\"title\":")
        writer.writeString(type.title)
        writer.writeRaw(",\"status\":")
        writer.writeInt(type.status)
        writer.writeRaw(",\"detail\":")
        writer.writeString(detail)
        if let acceptedEvents {
            writer.writeRaw(",\"acceptedEvents\":")
            writer.write(.array(acceptedEvents.map(JSONValue.string)))
        }
        if !errors.isEmpty {
            writer.writeRaw(",\"errors\":[")
            for (index, error) in errors.prefix(ProblemText.maxListedErrors).enumerated() {
                if index > 0 { writer.writeRaw(",") }
                writer.writeRaw("{\"field\":")
                writer.writeString(ProblemText.bounded(error.field, maxBytes: ProblemText.maxFieldBytes))
                writer.writeRaw(",\"message\":")
                writer.writeString(ProblemText.bounded(error.message, maxBytes: ProblemText.maxMessageBytes))
                writer.writeRaw("}")
            }
            writer.writeRaw("]")
            if errors.count > ProblemText.maxListedErrors {
                Self.write(",\"omittedErrors\":", errors.count - ProblemText.maxListedErrors, to: &writer)
            }
        }
        Self.write(",\"currentVersion\":", currentVersion, to: &writer)
        if let activeScreen {
            writer.writeRaw(",\"activeScreen\":")
            writer.writeString(activeScreen)
        }
        Self.write(",\"limitBytes\":", limitBytes, to: &writer)
        Self.write(",\"sessionBytes\":", sessionBytes, to: &writer)
        Self.write(",\"recordedFlowVersion\":", recordedFlowVersion, to: &writer)
        Self.write(",\"currentFlowVersion\":", currentFlowVersion, to: &writer)
        if let linkPatterns {
            writer.writeRaw(",\"patterns\":")
            writer.write(.array(linkPatterns.map(JSONValue.string)))
        }
        writer.writeRaw("}")
        var response = HTTPResponse(status: type.status, headers: ResponseHeaders.problem, body: writer.bytes)
        for header in headers { response.headers.add(header.name, header.value) }
        return response
    }

    /// Writes `,"name":value` when the optional member is set.
    private static func write(_ prefix: StaticString, _ value: Int?, to writer: inout JSONWriter) {
        guard let value else { return }
        writer.writeRaw(prefix)
        writer.writeInt(value)
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
