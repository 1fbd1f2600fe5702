import Coordination
import HTTPCore

/// The body of `POST /v1/sessions`: `{"flow": string, "context"?: object|null}`.
struct CreateSessionRequest {
    static let shape = "{\"flow\": string, \"context\"?: object}"

    let flow: String
    let context: JSONObject?

    init(_ request: HTTPRequest) throws(Problem) {
        let object = try JSONRequestBody.object(of: request, shape: Self.shape)
        var members = RequestMembers(object, known: ["flow", "context"])
        flow = members.requiredString("flow")
        context = members.optionalObject("context")
        try members.validate()
    }
}
