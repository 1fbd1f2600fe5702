import Coordination
import HTTPCore
import Sessions

extension NavigationAPI {
    /// `POST /v1/sessions/{id}/links`, honouring `If-Match`: one journaled
    /// event that hands the link to the session's root coordinator.
    func openLink(_ request: HTTPRequest, in id: String) throws(Problem) -> HTTPResponse {
        let body = try OpenLinkRequest(request)
        let expectedVersion: Int?
        switch EntityTag.precondition(ifMatch: request.headers["If-Match"]) {
        case .none, .anyVersion:
            expectedVersion = nil
        case .version(let version):
            expectedVersion = version
        case .unsatisfiable:
            // Same answer as for an event: 404 first, else 412 with the version.
            let version = try engine { () throws(NavigationError) in try registry.withSession(id) { $0.version } }
            var problem = Problem(
                .versionMismatch,
                "If-Match must be \"<version>\", W/\"<version>\" or *; the session is at version \(version)")
            problem.currentVersion = version
            throw problem
        }
        // Counted with the events (`navigation_events_total`): a link is one.
        var flow: String?
        do {
            let snapshot = try registry.change(id) { session throws(NavigationError) in
                flow = session.flow.name
                try session.open(link: body.link, expectedVersion: expectedVersion)
                return .link(body.link)
            }
            if let flow { metrics.recordEvent(flow: flow, .accepted) }
            return .session(snapshot)
        } catch {
            if let flow { metrics.recordEvent(flow: flow, .refused(error.kind)) }
            throw Problem(error, retryAfterSeconds: options.retryAfterSeconds)
        }
    }
}
