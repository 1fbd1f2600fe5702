import Coordination
import Sessions

extension SessionRegistry {
    /// Sends `event` as the session's active screen through the registry,
    /// so that it is journaled like a client's event.
    func tap(_ id: String, _ event: String, _ payload: JSONObject = [:]) throws(NavigationError) {
        _ = try change(id) { session throws(NavigationError) in
            let clientEvent = ClientEvent(screen: session.topID, event: event, payload: payload)
            try session.send(clientEvent)
            return .event(clientEvent)
        }
    }
}
