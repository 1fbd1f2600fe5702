import Coordination

@testable import Sessions

extension SessionRegistry {
    /// Sends `event` as the session's active screen through the registry,
    /// so that it is journaled like a client's event.
    func tap(_ id: String, _ event: String, _ payload: JSONObject = [:]) throws(NavigationError) {
        let screen = try withSession(id) { $0.topID }
        _ = try send(ClientEvent(screen: screen, event: event, payload: payload), to: id)
    }
}
