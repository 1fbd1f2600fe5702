import Coordination
import Sessions

/// The body of `GET /v1/sessions/{id}/events` (openapi.yaml, `EventsDocument`):
///
/// `{"id","flow","flowVersion","created","link"?,"version","events":[…]}`
/// (`link`: the deep link the session was created with), the
/// changes oldest first, times in RFC 3339 UTC with milliseconds. A client
/// event is `{"version","screen","event","payload","time"}` (a secret
/// field's value shows as its placeholder); a deep link's opening
/// `{"version","link","time"}`; an effect's outcome
/// `{"version","effect","outcome","time"}`.
enum EventsDocument {
    static func render(_ recorded: RecordedEvents, sessionID id: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 + 128 * recorded.events.count)
        writer.writeObject { document in
            document.member("id", id)
            document.member("flow", recorded.flow)
            document.member("flowVersion", recorded.flowVersion)
            document.member("created") { UTCTimestamp.write(millisecondsSince1970: recorded.created, to: &$0) }
            if let link = recorded.link { document.member("link", link) }
            document.member("version", recorded.version)
            document.member("events") { writer in
                writer.writeArray(recorded.events) { writer, entry in
                    writer.writeObject { object in
                        object.member("version", entry.version)
                        switch entry.change {
                        case .event(let event):
                            if let link = event.link {
                                object.member("link", link)
                            } else {
                                object.member("screen", event.screen)
                                object.member("event", event.event)
                                object.member("payload", .object(event.payload))
                            }
                        case .outcome(let effect, let outcome):
                            object.member("effect", effect)
                            object.member("outcome", outcome.json)
                        }
                        object.member("time") { UTCTimestamp.write(millisecondsSince1970: entry.time, to: &$0) }
                    }
                }
            }
        }
        return writer.bytes
    }
}
