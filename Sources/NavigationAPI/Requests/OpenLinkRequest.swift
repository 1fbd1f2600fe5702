import Coordination
import HTTPCore

/// The body of `POST /v1/sessions/{id}/links`: `{"link": string}`.
struct OpenLinkRequest {
    static let shape = "{\"link\": string}"

    /// The link as sent; the engine checks its form (``DeepLink``).
    let link: String

    init(_ request: HTTPRequest) throws(Problem) {
        let object = try JSONRequestBody.object(of: request, shape: Self.shape)
        var members = RequestMembers(object, known: ["link"])
        link = members.requiredString("link")
        try members.validate()
    }
}
