/// Renders a session as the session document (openapi.yaml, `Session`), straight to bytes
/// with ``JSONWriter``: this is the hot path of every response.
enum SessionDocument {
    /// Params shorter than this are written again rather than remembered:
    /// copying saves little, and each remembered screen costs an idle session memory.
    static let minimumReusedParamsBytes = 64

    /// The document, exactly sized. Params of a screen that `previous` rendered
    /// at its current ``Screen/paramsRevision`` are copied from `previous`
    /// instead of written again: most events change one screen, and a list
    /// in another screen's params (`rates`) was most of an event's rendering.
    static func render(_ session: Session, reusing previous: RenderedDocument? = nil) -> RenderedDocument {
        var renderedParams: [RenderedParams] = []
        let writer = write(session, reusing: previous, recording: &renderedParams)
        return RenderedDocument(bytes: writer.bytes.withUnsafeBufferPointer { [UInt8]($0) }, params: renderedParams)
    }

    private static func write(
        _ session: Session, reusing previous: RenderedDocument?, recording renderedParams: inout [RenderedParams]
    ) -> JSONWriter {
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
            let screen = entry.screen
            let params = writeEntry(entry, accepted: accepted, reusingParams: previous?.params(of: screen), into: &writer)
            rendered.append((ObjectIdentifier(screen), start..<writer.bytes.count))
            if params.count >= minimumReusedParamsBytes {
                renderedParams.append(RenderedParams(screen: screen, revision: screen.paramsRevision, bytes: params))
            }
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
        return writer
    }

    /// Writes one screen of the stack; returns where its params went.
    /// `reusingParams`: the params' bytes from an earlier render, copied as they are.
    @discardableResult
    static func writeEntry(
        _ entry: NavigationStack.Entry, accepted: [String], reusingParams reused: ArraySlice<UInt8>? = nil,
        into writer: inout JSONWriter
    ) -> Range<Int> {
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
        let paramsStart = writer.bytes.count
        if let reused {
            writer.bytes.append(contentsOf: reused)
        } else {
            writer.write(.object(screen.params))
        }
        let params = paramsStart..<writer.bytes.count
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
        return params
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
