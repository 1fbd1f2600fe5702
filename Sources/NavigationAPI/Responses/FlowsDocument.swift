import Coordination

/// The body of `GET /v1/flows`, rendered once: flows never change while the
/// server runs.
///
/// `{"flows":[{"name","description","context":{"<member>":{"type","nullable",
/// "default","description"}},"links":[{"pattern","description"}]}]}`, flows,
/// context members and links in declaration order.
enum FlowsDocument {
    static func render(_ flows: [Flow]) -> [UInt8] {
        var writer = JSONWriter(capacity: 256 * max(1, flows.count))
        writer.writeRaw("{\"flows\":[")
        for (index, flow) in flows.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            writer.writeRaw("{\"name\":")
            writer.writeString(flow.name)
            writer.writeRaw(",\"description\":")
            writer.writeString(flow.description)
            writer.writeRaw(",\"context\":{")
            for (fieldIndex, field) in flow.context.enumerated() {
                if fieldIndex > 0 { writer.writeRaw(",") }
                writer.writeString(field.name)
                writer.writeRaw(":{\"type\":")
                writer.writeString(field.type.rawValue)
                writer.writeRaw(",\"nullable\":")
                writer.writeBool(field.nullable)
                writer.writeRaw(",\"default\":")
                writer.write(field.defaultValue)
                writer.writeRaw(",\"description\":")
                writer.writeString(field.description)
                writer.writeRaw("}")
            }
            writer.writeRaw("},\"links\":[")
            for (linkIndex, link) in flow.links.enumerated() {
                if linkIndex > 0 { writer.writeRaw(",") }
                writer.writeRaw("{\"pattern\":")
                writer.writeString(link.pattern)
                writer.writeRaw(",\"description\":")
                writer.writeString(link.description)
                writer.writeRaw("}")
            }
            writer.writeRaw("]}")
        }
        writer.writeRaw("]}")
        return writer.bytes
    }
}
