/// One message of a Server-Sent Events stream.
public struct ServerSentEvent: Sendable, Hashable {
    /// `event:`; `message` when the server named none.
    public var event: String
    /// The `data:` lines joined with newlines.
    public var data: String
    /// The last `id:` seen up to this message (it carries over to the messages after it).
    public var lastEventID: String

    public init(event: String = "message", data: String, lastEventID: String = "") {
        self.event = event
        self.data = data
        self.lastEventID = lastEventID
    }
}
