/// What a client reports: a screen, one of its events, and the payload.
public struct ClientEvent: Sendable, Equatable {
    /// The id of the screen that reports the event (`s3`).
    public let screen: String
    public let event: String
    public let payload: JSONObject

    public init(screen: String, event: String, payload: JSONObject = JSONObject()) {
        self.screen = screen
        self.event = event
        self.payload = payload
    }
}
