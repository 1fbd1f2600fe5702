import Coordination
import HTTPCore

/// The body of `POST /v1/sessions`: `{"flow": string, "context"?: object|null,
/// "link"?: string}`.
struct CreateSessionRequest {
    static let shape = "{\"flow\": string, \"context\"?: object, \"link\"?: string}"
    static let members = ["flow", "context", "link"]
    static let keys = JSONKeys(members)

    let flow: String
    let context: JSONObject?
    /// A deep link the new session opens right after `start()`.
    let link: String?

    // Borrowed: an owned request was copied for the call and destroyed in
    // it (~330 instructions per event, and per create).
    init(_ request: borrowing HTTPRequest) throws(Problem) {
        let object = try JSONRequestBody.object(of: request, shape: Self.shape, keys: Self.keys)
        var members = RequestMembers(object, known: Self.members)
        flow = members.requiredString("flow")
        context = members.optionalObject("context")
        link = members.optionalString("link")
        try members.validate()
        if let link { try OpenLinkRequest.checkForm(of: link) }
    }
}
