import Coordination
import Sessions

/// The body of `GET /v1/sessions/{id}/events` (openapi.yaml, `EventsDocument`):
///
/// `{"id","flow","flowVersion","created","version","events":[{"version",
/// "screen","event","payload","time"}]}`, events oldest first, times in
/// RFC 3339 UTC with milliseconds. A deep link's opening is
/// `{"version","link","time"}`.
enum EventsDocument {
    static func render(_ recorded: RecordedEvents, sessionID id: String) -> [UInt8] {
        var writer = JSONWriter(capacity: 160 + 128 * recorded.events.count)
        writer.writeRaw("{\"id\":")
        writer.writeString(id)
        writer.writeRaw(",\"flow\":")
        writer.writeString(recorded.flow)
        writer.writeRaw(",\"flowVersion\":")
        writer.writeInt(recorded.flowVersion)
        writer.writeRaw(",\"created\":")
        UTCTimestamp.write(millisecondsSince1970: recorded.created, to: &writer)
        writer.writeRaw(",\"version\":")
        writer.writeInt(recorded.version)
        writer.writeRaw(",\"events\":[")
        for (index, entry) in recorded.events.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            writer.writeRaw("{\"version\":")
            writer.writeInt(entry.version)
            if let link = entry.event.link {
                writer.writeRaw(",\"link\":")
                writer.writeString(link)
            } else {
                writer.writeRaw(",\"screen\":")
                writer.writeString(entry.event.screen)
                writer.writeRaw(",\"event\":")
                writer.writeString(entry.event.event)
                writer.writeRaw(",\"payload\":")
                writer.write(.object(entry.event.payload))
            }
            writer.writeRaw(",\"time\":")
            UTCTimestamp.write(millisecondsSince1970: entry.time, to: &writer)
            writer.writeRaw("}")
        }
        writer.writeRaw("]}")
        return writer.bytes
    }
}
