import Coordination
import HTTPCore

/// The body of `POST /v1/sessions/{id}/events`:
/// `{"screen": string, "event": string, "payload"?: object|null}`.
struct SendEventRequest {
    static let shape = "{\"screen\": string, \"event\": string, \"payload\"?: object}"
    static let members = ["screen", "event", "payload"]
    static let keys = JSONKeys(members)

    let event: ClientEvent

    // Borrowed: an owned request was copied for the call and destroyed in
    // it (~330 instructions per event, and per create).
    init(_ request: borrowing HTTPRequest) throws(Problem) {
        let object = try JSONRequestBody.object(of: request, shape: Self.shape, keys: Self.keys)
        var members = RequestMembers(object, known: Self.members)
        let screen = members.requiredString("screen")
        let name = members.requiredString("event")
        let payload = members.optionalObject("payload") ?? JSONObject()
        try members.validate()
        event = ClientEvent(screen: screen, event: name, payload: payload)
    }
}
