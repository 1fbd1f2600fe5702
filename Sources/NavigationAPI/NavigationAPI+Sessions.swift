import Coordination
import HTTPCore
import Sessions

/// The session routes: each parses what it needs from the request, calls
/// one use case of the registry, and renders the values it returns.
extension NavigationAPI {
    /// `POST /v1/sessions`.
    func createSession(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let body = try CreateSessionRequest(context.request)
        let snapshot = try useCase(outcome: "no session was created") { () throws(NavigationError) in
            try registry.create(
                flow: body.flow, version: body.version, context: body.context.map(JSONValue.object), link: body.link,
                by: context.caller)
        }
        return answer(after: snapshot, by: context.caller, HTTPResponse.createdSession)
    }

    /// `GET` and `HEAD /v1/sessions/{id}`, answering 304 when `If-None-Match`
    /// names the current version.
    func session(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let key = try context.sessionKey()
        let snapshot = try useCase { () throws(NavigationError) in try registry.document(of: key, by: context.caller) }
        if let tags = context.request.headers.firstValue(named: "If-None-Match"), EntityTag.ifNoneMatch(tags, matches: snapshot.version) {
            return .notModified(version: snapshot.version)
        }
        return .session(snapshot)
    }

    /// `DELETE /v1/sessions/{id}`.
    func endSession(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let id = try context.sessionID()
        try useCase { () throws(NavigationError) in try registry.end(id, by: context.caller) }
        return .noContent
    }

    /// `POST /v1/sessions/{id}/events`, honouring `If-Match`.
    func sendEvent(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let key = try context.sessionKey()
        let body = try SendEventRequest(context.request)
        let expectedVersion = try expectedVersion(ifMatchOf: context, session: key)
        let snapshot = try useCase { () throws(NavigationError) in
            try registry.send(body.event, to: key, expectedVersion: expectedVersion, by: context.caller)
        }
        return answer(after: snapshot, by: context.caller) { .session($0) }
    }

    /// `POST /v1/sessions/{id}/links`, honouring `If-Match`: one journaled
    /// event that hands the link to the session's root coordinator.
    func openLink(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let (id, key) = try context.sessionIDAndKey()
        let body = try OpenLinkRequest(context.request)
        let expectedVersion = try expectedVersion(ifMatchOf: context, session: key)
        let snapshot = try useCase { () throws(NavigationError) in
            try registry.open(link: body.link, in: id, expectedVersion: expectedVersion, by: context.caller)
        }
        return answer(after: snapshot, by: context.caller) { .session($0) }
    }

    /// `GET` and `HEAD /v1/sessions/{id}/history?since=N`.
    func history(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let id = try context.sessionID()
        let query = try HistoryQuery(context.request)
        return .json(try useCase { () throws(NavigationError) in try registry.history(of: id, since: query.since, by: context.caller) })
    }

    /// `GET` and `HEAD /v1/sessions/{id}/events?since=N`: the journal's
    /// accepted events, read from the store.
    func recordedEvents(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let id = try context.sessionID()
        let query = try HistoryQuery(context.request)
        let recorded = try useCase { () throws(NavigationError) in try registry.events(of: id, since: query.since, by: context.caller) }
        return .json(EventsDocument.render(recorded, sessionID: id))
    }

    /// The version `If-Match` asks for: nil for none or `*`. One that is no
    /// tag of this API is 404 for an unknown session, else 412 with the
    /// session's version.
    private func expectedVersion(ifMatchOf context: RequestContext, session key: SessionKey) throws(Problem) -> Int? {
        switch EntityTag.precondition(ifMatch: context.request.headers.firstValue(named: "If-Match")) {
        case .none, .anyVersion: return nil
        case .version(let version): return version
        case .unsatisfiable:
            let version = try useCase { () throws(NavigationError) in try registry.document(of: key, by: context.caller).version }
            var problem = Problem(
                .versionMismatch,
                "If-Match must be \"<version>\", W/\"<version>\" or *; the session is at version \(version)")
            problem.currentVersion = version
            throw problem
        }
    }
}
