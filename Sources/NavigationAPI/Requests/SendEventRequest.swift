import Coordination
import HTTPCore

/// The body of `POST /v1/sessions/{id}/events`:
/// `{"screen": string, "event": string, "payload"?: object|null}`.
struct SendEventRequest {
    static let shape = "{\"screen\": string, \"event\": string, \"payload\"?: object}"
    static let members = ["screen", "event", "payload"]
    static let keys = JSONKeys(members)

    let event: ClientEvent

    init(_ request: HTTPRequest) throws(Problem) {
        let object = try JSONRequestBody.object(of: request, shape: Self.shape, keys: Self.keys)
        var members = RequestMembers(object, known: Self.members)
        let screen = members.requiredString("screen")
        let name = members.requiredString("event")
        let payload = members.optionalObject("payload") ?? JSONObject()
        try members.validate()
        event = ClientEvent(screen: screen, event: name, payload: payload)
    }
}
