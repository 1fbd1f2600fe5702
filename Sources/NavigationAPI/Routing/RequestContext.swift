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
        // The id is its key's 32 lowercase hex digits: spelled again, not sliced.
        try sessionKey().hex
    }

    /// The `{id}` of the path as the key it spells, read in place: the
    /// registry finds a session by key, and takes its id's text from the
    /// session it finds (~300 instructions a request, not making it here).
    func sessionKey() throws(Problem) -> SessionKey {
        guard let key = parameters.withValue(of: "id", in: request.path, SessionKey.parse(hex:)) ?? nil else {
            throw Problem.sessionNotFound()
        }
        return key
    }

    /// The decoded value of the path's parameter `name`, or nil.
    func parameter(_ name: String) -> String? {
        parameters.value(of: name, in: request.path)
    }

    /// ``sessionID()`` and its key, parsed once.
    func sessionIDAndKey() throws(Problem) -> (id: String, key: SessionKey) {
        let key = try sessionKey()
        return (key.hex, key)
    }
}
