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
        let snapshot = try engine { () throws(NavigationError) in
            try registry.open(link: body.link, in: id, expectedVersion: expectedVersion)
        }
        return .session(snapshot)
    }
}
