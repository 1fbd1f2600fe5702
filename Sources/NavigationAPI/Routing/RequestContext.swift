import HTTPCore
import Sessions

/// A request on its way through the middleware to its route's handler:
/// the request, the path it matched (nil: none, a 404) and the route for
/// its method (nil: the path does not answer it, a 405).
struct RequestContext: Sendable {
    let request: HTTPRequest
    /// The request's method when it is one this API answers; parsed once,
    /// for the route and the metrics.
    let method: HTTPMethod?
    let path: RouteTable.Path?
    let route: Route?
    let parameters: PathParameters
    /// True while only the head has arrived (``NavigationAPI/response(beforeBodyOf:)``):
    /// the chain decides whether to refuse, and nothing else happens.
    let isHeadOnly: Bool
    /// On whose behalf it comes, once access has decided it.
    var caller: Caller = .unrestricted

    /// The access the request needs: its route's, else its path's, else
    /// (an unknown path) the key: a caller without it learns nothing about
    /// which paths exist.
    var access: Route.Access {
        route?.access ?? path?.access ?? .key
    }

    /// The `{id}` of the path, when it is a well-formed session id; else
    /// 404, as for a session that does not exist.
    func sessionID() throws(Problem) -> String {
        try sessionIDAndKey().id
    }

    /// ``sessionID()`` and its key, parsed once: handed to the registry, the
    /// key spares it parsing the id again (~230 instructions a request).
    func sessionIDAndKey() throws(Problem) -> (id: String, key: SessionKey) {
        guard let id = parameters["id"], let key = SessionKey(hex: id) else { throw Problem.sessionNotFound() }
        return (id, key)
    }
}
