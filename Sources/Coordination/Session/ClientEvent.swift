/// What a client reports: a screen, one of its events, and the payload; or
/// a deep link it opens (``link``), which is an event of the session too.
public struct ClientEvent: Sendable, Equatable {
    /// The id of the screen that reports the event (`s3`); empty for a link.
    public let screen: String
    /// The event's name; empty for a link.
    public let event: String
    public let payload: JSONObject
    /// The deep link opened (`/rates/USD`), as sent; nil for a screen's event.
    public let link: String?

    public init(screen: String, event: String, payload: JSONObject = JSONObject()) {
        self.screen = screen
        self.event = event
        self.payload = payload
        self.link = nil
    }

    /// The opening of a deep link (``Session/open(link:expectedVersion:)``).
    public init(link: String) {
        self.screen = ""
        self.event = ""
        self.payload = JSONObject()
        self.link = link
    }
}
