import Coordination
import HTTPCore

/// The body of `POST /v1/sessions/{id}/links`: `{"link": string}`.
struct OpenLinkRequest {
    static let shape = "{\"link\": string}"
    static let members = ["link"]
    static let keys = JSONKeys(members)

    /// The link as sent, of a clean form (``DeepLink``); the flow matches it.
    let link: String

    // Borrowed: an owned request was copied for the call and destroyed in
    // it (~330 instructions per event, and per create).
    init(_ request: borrowing HTTPRequest) throws(Problem) {
        let object = try JSONRequestBody.object(of: request, shape: Self.shape, keys: Self.keys)
        var members = RequestMembers(object, known: Self.members)
        link = members.requiredString("link")
        try members.validate()
        try Self.checkForm(of: link)
    }

    /// A malformed link is the request's own fault: 400 `invalid-link`
    /// before `If-Match`, the session or the flow is looked at.
    static func checkForm(of link: String) throws(Problem) {
        do {
            _ = try DeepLink(link)
        } catch {
            throw Problem(error, retryAfterSeconds: 0)
        }
    }
}
