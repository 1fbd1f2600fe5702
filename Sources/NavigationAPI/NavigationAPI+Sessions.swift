import Coordination
import HTTPCore
import Sessions

/// The session routes: each parses what it needs from the request, makes one
/// registry call, and renders the registry's bytes.
extension NavigationAPI {
    /// `POST /v1/sessions`.
    func createSession(_ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        try admitCreation(request)
        let body = try CreateSessionRequest(request)
        let context = body.context.map(JSONValue.object)
        let snapshot = try engine(outcome: "no session was created") { () throws(NavigationError) in
            try registry.create(flow: body.flow, context: context, link: body.link)
        }
        return .createdSession(snapshot)
    }

    /// `GET` and `HEAD /v1/sessions/{id}`, answering 304 when `If-None-Match`
    /// names the current version.
    func session(_ id: String, _ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let snapshot = try engine { () throws(NavigationError) in try registry.snapshot(id) }
        if let tags = request.headers["If-None-Match"], EntityTag.ifNoneMatch(tags, matches: snapshot.version) {
            return .notModified(version: snapshot.version)
        }
        return .session(snapshot)
    }

    /// `DELETE /v1/sessions/{id}`.
    func endSession(_ id: String) throws(Problem) -> HTTPResponse {
        try engine { () throws(NavigationError) in try registry.end(id) }
        return .noContent
    }

    /// `POST /v1/sessions/{id}/events`, honouring `If-Match`.
    func sendEvent(_ request: HTTPRequest, to id: String) throws(Problem) -> HTTPResponse {
        let body = try SendEventRequest(request)
        let expectedVersion = try expectedVersion(ifMatchOf: request, sessionID: id)
        // The flow is known only once the session is found; events to no
        // session are not counted as events (the request counter has them).
        var flow: String?
        var lost = false
        do {
            let snapshot = try registry.change(id) { session throws(NavigationError) in
                flow = session.flow.name
                do throws(NavigationError) {
                    try session.send(body.event, expectedVersion: expectedVersion)
                } catch {
                    lost = session.isBroken
                    throw error
                }
                return .event(body.event)
            }
            if let flow { metrics.recordEvent(flow: flow, .accepted) }
            return .session(snapshot)
        } catch {
            if let flow { metrics.recordEvent(flow: flow, .refused(error.kind)) }
            throw Problem(error, retryAfterSeconds: options.retryAfterSeconds, outcome: Self.outcome(lost: lost))
        }
    }

    /// What a `flow-failure` on an event did to the session: normally it is
    /// rebuilt from its accepted events, exactly as it was; when the flow
    /// does not replay the same way, the session is lost and removed.
    private static func outcome(lost: Bool) -> String {
        lost
            ? "the session was lost (its flow did not replay its accepted events the same way) and has been removed; start a new session"
            : "the session is unchanged"
    }

    /// `GET` and `HEAD /v1/sessions/{id}/history?since=N`.
    func history(of id: String, _ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let query = try HistoryQuery(request)
        let document = try engine { () throws(NavigationError) in
            try registry.withSession(id) { $0.historyDocument(since: query.since) }
        }
        return .json(document)
    }

    /// `GET` and `HEAD /v1/sessions/{id}/events?since=N`: the journal's
    /// accepted events, read from the store.
    func recordedEvents(of id: String, _ request: HTTPRequest) throws(Problem) -> HTTPResponse {
        let query = try HistoryQuery(request)
        let recorded = try engine { () throws(NavigationError) in try registry.events(of: id, since: query.since) }
        return .json(EventsDocument.render(recorded, sessionID: id))
    }

    /// 412 for an `If-Match` that is no tag of this API; 404 first if the
    /// session does not exist, as for any other `If-Match`.
    /// The version `If-Match` asks for: nil for none or `*`; an
    /// unsatisfiable one is 404 for an unknown session, else 412 with the
    /// session's version.
    func expectedVersion(ifMatchOf request: HTTPRequest, sessionID id: String) throws(Problem) -> Int? {
        switch EntityTag.precondition(ifMatch: request.headers["If-Match"]) {
        case .none, .anyVersion: return nil
        case .version(let version): return version
        case .unsatisfiable: throw unsatisfiableIfMatch(sessionID: id)
        }
    }

    private func unsatisfiableIfMatch(sessionID id: String) -> Problem {
        let version: Int
        do {
            version = try registry.withSession(id) { $0.version }
        } catch {
            return Problem(error, retryAfterSeconds: options.retryAfterSeconds)
        }
        var problem = Problem(
            .versionMismatch,
            "If-Match must be \"<version>\", W/\"<version>\" or *; the session is at version \(version)")
        problem.currentVersion = version
        return problem
    }
}
