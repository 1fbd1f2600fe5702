/// Renders a session as the session document (openapi.yaml, `Session`), straight to bytes
/// with ``JSONWriter``: this is the hot path of every response.
enum SessionDocument {
    static func render(_ session: Session) -> [UInt8] {
        let state = session.liveState
        let entries = state.navigation.stack.entries
        var writer = JSONWriter(capacity: 256 + 256 * entries.count)
        writer.writeRaw("{\"id\":")
        writer.writeString(session.id)
        writer.writeRaw(",\"flow\":")
        writer.writeString(session.flow.name)
        writer.writeRaw(",\"version\":")
        writer.writeInt(session.version)
        writer.writeRaw(",\"stack\":[")
        // Where each screen's object went: `layout` repeats the ones under
        // the modals byte for byte, and copying them is cheaper than writing.
        var rendered: [(screen: ObjectIdentifier, bytes: Range<Int>)] = []
        rendered.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            let accepted = state.root.isFinished ? [] : state.acceptedEvents(at: index)
            let start = writer.bytes.count
            writeEntry(entry, accepted: accepted, into: &writer)
            rendered.append((ObjectIdentifier(entry.screen), start..<writer.bytes.count))
        }
        writer.writeRaw("],\"layout\":")
        writeLayout(of: state, reusing: rendered, into: &writer)
        writer.writeRaw(",\"coordinators\":")
        if state.root.isFinished {
            writer.writeNull()
        } else {
            writeTree(state.root, into: &writer)
        }
        writer.writeRaw(",\"pendingLink\":")
        if let pendingLink = state.pendingLink { writer.writeString(pendingLink) } else { writer.writeNull() }
        writer.writeRaw(",\"finished\":")
        writer.writeBool(state.root.isFinished)
        if state.root.isFinished {
            writer.writeRaw(",\"result\":")
            writer.write(state.root.result ?? .null)
        }
        writer.writeRaw("}")
        return writer.bytes
    }

    static func writeEntry(_ entry: NavigationStack.Entry, accepted: [String], into writer: inout JSONWriter) {
        let screen = entry.screen
        writer.writeRaw("{\"id\":")
        writer.writeString(screen.id ?? "")
        writer.writeRaw(",\"name\":")
        writer.writeString(screen.name)
        writer.writeRaw(",\"presentation\":")
        writer.writeString(entry.presentation.rawValue)
        writer.writeRaw(",\"coordinator\":")
        writer.writeString(screen.coordinator?.id ?? "")
        writer.writeRaw(",\"params\":")
        writer.write(.object(screen.params))
        writer.writeRaw(",\"events\":[")
        for (index, name) in accepted.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            writer.writeRaw("{\"name\":")
            writer.writeString(name)
            if name == ReservedEvent.selectTab.rawValue {
                writer.writeRaw(",\"fields\":{\"tab\":\"string\"}")
            } else if let declaration = screen.declaration(named: name), !declaration.fields.isEmpty {
                writer.writeRaw(",\"fields\":{")
                for (fieldIndex, field) in declaration.fields.enumerated() {
                    if fieldIndex > 0 { writer.writeRaw(",") }
                    writer.writeString(field.name)
                    writer.writeRaw(":")
                    if let allowed = declaration.allowedValues[field.name] {
                        writer.writeRaw("{\"type\":")
                        writer.writeString(field.type.rawValue)
                        writer.writeRaw(",\"enum\":")
                        writer.write(.array(allowed.map(JSONValue.string)))
                        writer.writeRaw("}")
                    } else {
                        writer.writeString(field.type.rawValue)
                    }
                }
                writer.writeRaw("}")
            }
            writer.writeRaw("}")
        }
        writer.writeRaw("]}")
    }

    private static func writeTree(_ coordinator: Coordinator, into writer: inout JSONWriter) {
        writer.writeRaw("{\"id\":")
        writer.writeString(coordinator.id)
        writer.writeRaw(",\"type\":")
        writer.writeString(coordinator.typeName)
        writer.writeRaw(",\"children\":[")
        for (index, child) in coordinator.childCoordinators.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            writeTree(child, into: &writer)
        }
        writer.writeRaw("]}")
    }
}
