import Coordination
import HTTPCore

/// The body of `POST /v1/sessions`: `{"flow": string, "version"?: integer|null,
/// "context"?: object|null, "link"?: string}`.
struct CreateSessionRequest {
    static let shape = "{\"flow\": string, \"version\"?: integer, \"context\"?: object, \"link\"?: string}"
    static let members = ["flow", "version", "context", "link"]
    /// The largest version a request may name (journals keep it as a JSON number).
    static let maximumVersion = 1_000_000_000
    static let keys = JSONKeys(members)

    let flow: String
    /// A hosted version of the flow; nil: where new sessions start.
    let version: Int?
    let context: JSONObject?
    /// A deep link the new session opens right after `start()`.
    let link: String?

    // Borrowed: an owned request was copied for the call and destroyed in
    // it (~330 instructions per event, and per create).
    init(_ request: borrowing HTTPRequest) throws(Problem) {
        let object = try JSONRequestBody.object(of: request, shape: Self.shape, keys: Self.keys)
        var members = RequestMembers(object, known: Self.members)
        flow = members.requiredString("flow")
        version = members.optionalPositiveInteger("version", maximum: Self.maximumVersion)
        context = members.optionalObject("context")
        link = members.optionalString("link")
        try members.validate()
        if let link { try OpenLinkRequest.checkForm(of: link) }
    }
}
