/// Renders a session as the session document (openapi.yaml, `Session`), straight to bytes
/// with ``JSONWriter``: this is the hot path of every response.
enum SessionDocument {
    /// The document, exactly sized. What `previous` wrote and did not change
    /// since is copied from it instead of written again: a screen of the
    /// stack whose params, events and place are as they were (most events
    /// change one screen), the params of a screen whose events changed, and
    /// the coordinator tree when it did not change.
    static func render(_ session: Session, reusing previous: RenderedDocument? = nil) -> RenderedDocument {
        var entries = RenderedEntries()
        var tree: (revision: Int, bytes: Range<Int>)?
        let writer = write(session, reusing: previous, entries: &entries, tree: &tree)
        return RenderedDocument(bytes: writer.bytes.withUnsafeBufferPointer { [UInt8]($0) }, entries: entries, tree: tree)
    }

    private static func write(
        _ session: Session, reusing previous: RenderedDocument?, entries rendered: inout RenderedEntries,
        tree: inout (revision: Int, bytes: Range<Int>)?
    ) -> JSONWriter {
        let state = session.liveState
        let stack = state.navigation.stack
        let finished = state.root.isFinished
        // The last document's size is the best guess: growing the buffer copies it.
        var writer = JSONWriter(capacity: previous.map { $0.bytes.count + 256 } ?? 512 + 512 * stack.entries.count)
        writer.writeRaw("{\"id\":")
        writer.writeString(session.id)
        writer.writeRaw(",\"flow\":")
        writer.writeString(session.flow.name)
        writer.writeRaw(",\"version\":")
        writer.writeInt(session.version)
        writer.writeRaw(",\"stack\":[")
        let underTabBar = state.navigation.layout.hasTabBar
        var inModal = false
        for (index, entry) in stack.entries.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            inModal = inModal || entry.presentation.isModal
            let context = EntryContext(
                presentation: entry.presentation, inModal: inModal, underTabBar: !inModal && underTabBar, finished: finished)
            rendered.append(writeEntry(entry, context, of: state, reusing: previous, into: &writer))
        }
        writer.writeRaw("],\"layout\":")
        // `layout` repeats the screens under the modals byte for byte.
        writeLayout(of: state, reusing: rendered, into: &writer)
        writer.writeRaw(",\"coordinators\":")
        if finished {
            writer.writeNull()
        } else {
            let revision = state.environment.treeRevision
            let start = writer.bytes.count
            if let previous, let previousTree = previous.tree, previousTree.revision == revision {
                writer.bytes.append(contentsOf: previous.bytes[previousTree.bytes])
            } else {
                writeTree(state.root, into: &writer)
            }
            tree = (revision, start..<writer.bytes.count)
        }
        writer.writeRaw(",\"pendingLink\":")
        if let pendingLink = state.pendingLink { writer.writeString(pendingLink) } else { writer.writeNull() }
        writer.writeRaw(",\"finished\":")
        writer.writeBool(finished)
        if finished {
            writer.writeRaw(",\"result\":")
            writer.write(state.root.result ?? .null)
        }
        writer.writeRaw("}")
        return writer
    }

    /// Writes one screen of the stack, or copies it from `previous` when
    /// nothing it depends on changed; returns where it went.
    private static func writeEntry(
        _ entry: NavigationStack.Entry, _ context: EntryContext, of state: SessionState, reusing previous: RenderedDocument?,
        into writer: inout JSONWriter
    ) -> RenderedEntry {
        let screen = entry.screen
        let coordinatorID = screen.coordinator?.id
        let start = writer.bytes.count
        let params: Range<Int>
        let earlier = previous?.entries.find(screen)
        if let previous, let earlier, earlier.revision == screen.revision, earlier.paramsRevision == screen.paramsRevision,
            earlier.context == context, earlier.coordinatorID == coordinatorID
        {
            writer.bytes.append(contentsOf: previous.bytes[earlier.bytes])
            let shift = start - earlier.bytes.lowerBound
            params = (earlier.params.lowerBound + shift)..<(earlier.params.upperBound + shift)
        } else {
            let accepted =
                context.finished
                ? [] : state.acceptedEventNames(of: entry, inModal: context.inModal, underTabBar: context.underTabBar)
            var reusedParams: ArraySlice<UInt8>?
            if let previous, let earlier, earlier.paramsRevision == screen.paramsRevision {
                reusedParams = previous.bytes[earlier.params]
            }
            params = writeEntry(
                entry, accepted: accepted, reusingParams: reusedParams, sharing: state.flow.sharedParams, into: &writer)
        }
        return RenderedEntry(
            screen: ObjectIdentifier(screen), screenID: screen.id, coordinatorID: coordinatorID, revision: screen.revision,
            paramsRevision: screen.paramsRevision, context: context, bytes: start..<writer.bytes.count, params: params)
    }

    /// Writes one screen of the stack; returns where its params went.
    /// `reusingParams`: the params' bytes from an earlier render, copied as they are;
    /// `sharing`: the flow's ``Flow/sharedParams``, copied where they appear.
    @discardableResult
    static func writeEntry(
        _ entry: NavigationStack.Entry, accepted: [String], reusingParams reused: ArraySlice<UInt8>? = nil,
        sharing shared: SharedJSONValues = .none, into writer: inout JSONWriter
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
            writer.write(.object(screen.params), sharing: shared)
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
                    if let allowed = declaration.allowedValues(at: fieldIndex) {
                        writer.writeRaw("{\"type\":")
                        writer.writeString(field.type.rawValue)
                        // Written straight, not through a `JSONValue` array built per render.
                        writer.writeRaw(",\"enum\":[")
                        for (valueIndex, value) in allowed.enumerated() {
                            if valueIndex > 0 { writer.writeRaw(",") }
                            writer.writeString(value)
                        }
                        writer.writeRaw("]}")
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
