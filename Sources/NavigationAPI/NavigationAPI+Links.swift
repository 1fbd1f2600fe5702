import Coordination
import HTTPCore
import Sessions

extension NavigationAPI {
    /// `POST /v1/sessions/{id}/links`, honouring `If-Match`: one journaled
    /// event that hands the link to the session's root coordinator.
    func openLink(_ request: HTTPRequest, in id: String) throws(Problem) -> HTTPResponse {
        let body = try OpenLinkRequest(request)
        let expectedVersion = try expectedVersion(ifMatchOf: request, sessionID: id)
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
