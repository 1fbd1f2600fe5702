/// Renders a session as the session document (openapi.yaml, `Session`), straight to bytes
/// with ``JSONWriter``: this is the hot path of every response.
enum SessionDocument {
    /// The document, exactly sized. What `previous` wrote and did not change
    /// since is copied from it instead of written again: a screen of the
    /// stack whose params, events and place are as they were (most events
    /// change one screen), the rest of a screen whose params alone changed
    /// (unless its events take choices from them), the params of a screen
    /// whose events changed, and the coordinator tree when it did not change.
    ///
    /// `typeNames`: the coordinator type names known, for a render with no
    /// `previous`; without them a first render writes the names as they are,
    /// and the next one gathers them.
    ///
    /// `expectedBytes`: the size a render with no `previous` makes room
    /// for; the buffer it is written in becomes the document.
    static func render(
        _ session: Session, reusing previous: RenderedDocument? = nil, typeNames known: CoordinatorTypeNames? = nil,
        expectedBytes: Int? = nil
    ) -> RenderedDocument {
        var entries = RenderedEntries()
        var tree: (revision: Int, bytes: Range<Int>)?
        var fixedPrefixEnd = 0
        var skips = DocumentSkips()
        var typeNames = previous?.typeNames ?? known
        let writer = write(
            session, reusing: previous, expectedBytes: expectedBytes, entries: &entries, tree: &tree, typeNames: &typeNames,
            fixedPrefixEnd: &fixedPrefixEnd, skips: &skips)
        return RenderedDocument(
            bytes: writer.finishShared(), entries: consume entries, tree: tree, typeNames: (consume typeNames) ?? CoordinatorTypeNames(),
            fixedPrefixEnd: fixedPrefixEnd, skips: consume skips)
    }

    private static func write(
        _ session: Session, reusing previous: RenderedDocument?, expectedBytes: Int?, entries rendered: inout RenderedEntries,
        tree: inout (revision: Int, bytes: Range<Int>)?, typeNames: inout CoordinatorTypeNames?, fixedPrefixEnd: inout Int,
        skips: inout DocumentSkips
    ) -> JSONWriter {
        let state = session.liveState
        let stack = state.navigation.stack
        let finished = state.root.isFinished
        var writer = JSONWriter(capacity: capacity(reusing: previous, expectedBytes: expectedBytes, stack: stack.entries))
        writer.writeObject { document in
            // A session's id and flow never change: copied from the last
            // document, after its `{`, when there is one.
            if let previous, previous.fixedPrefixEnd > 1 {
                document.writeRaw(previous.bytes, in: 1..<previous.fixedPrefixEnd)
            } else {
                document.member("id", session.id)
                document.member("flow", session.flow.name)
                document.writeRaw(#","version":"#)
            }
            fixedPrefixEnd = document.count
            document.writeInt(session.version)
            let layout = state.navigation.layout
            var stackBytes = 0..<0
            document.member("stack") { writer in
                let underTabBar = layout.hasTabBar
                var inModal = false
                let start = writer.count
                writer.writeArray(stack.entries) { writer, entry in
                    inModal = inModal || entry.presentation.isModal
                    let context = EntryContext(
                        presentation: entry.presentation, inModal: inModal, underTabBar: !inModal && underTabBar,
                        finished: finished)
                    rendered.append(writeEntry(entry, context, of: state, reusing: previous, into: &writer))
                }
                stackBytes = start..<writer.count
            }
            // `layout` repeats the screens under the modals byte for byte.
            document.member("layout") {
                writeLayout(layout, of: state, reusing: rendered, stack: (stack.entries, stackBytes), skips: &skips, into: &$0)
            }
            document.member("coordinators") { writer in
                if finished {
                    writer.writeNull()
                    return
                }
                let revision = state.environment.treeRevision
                let start = writer.count
                if let previous, let previousTree = previous.tree, previousTree.revision == revision {
                    writer.writeRaw(previous.bytes, in: previousTree.bytes)
                } else {
                    writeTree(state.root, typeNames: &typeNames, into: &writer)
                }
                tree = (revision, start..<writer.count)
            }
            document.member("pendingLink", state.pendingLink)
            // Only while some are pending: a flow without effects renders as before.
            let effects = state.pendingEffects
            if !effects.isEmpty {
                document.member("effects") { writer in
                    writer.writeArray(effects) { writer, effect in
                        writer.writeObject { object in
                            object.member("id", effect.id)
                            object.member("name", effect.name)
                            object.member("coordinator", effect.coordinator)
                        }
                    }
                }
            }
            document.member("finished", finished)
            if finished { document.member("result", state.root.result ?? .null) }
        }
        return writer
    }

    /// The room a render starts with, about the document's size: its
    /// buffer becomes the document (``JSONWriter/finishShared()``), which
    /// copies it to give back much unused room, and growing the buffer
    /// copies it too. The last document's size, with a little room when
    /// the stack kept its depth; less the screens gone (each written twice,
    /// in `stack` and `layout`) when it lost some; with room for the pushed
    /// screens when it gained some.
    private static func capacity(
        reusing previous: RenderedDocument?, expectedBytes: Int?, stack: [NavigationStack.Entry]
    ) -> Int {
        if let previous {
            let before = previous.bytes.count
            let screensBefore = previous.entries.count
            if stack.count == screensBefore { return before + 256 }
            if stack.count > screensBefore { return before + before / 2 + 512 }
            return before - 2 * previous.entries.byteCount(ofScreensNotIn: stack) + 256
        }
        if let expectedBytes { return expectedBytes + 128 }
        return 512 + 1536 * stack.count
    }

    /// Writes one screen of the stack, or copies it from `previous` when
    /// nothing it depends on changed; returns where it went.
    private static func writeEntry(
        _ entry: NavigationStack.Entry, _ context: EntryContext, of state: SessionState, reusing previous: RenderedDocument?,
        into writer: inout JSONWriter
    ) -> RenderedEntry {
        let screen = entry.screen
        let coordinatorID = screen.coordinatorID
        let start = writer.count
        let params: Range<Int>
        let earlier = previous?.entries.comparison(of: screen, in: context, coordinatorID: coordinatorID)
        let sameAround = earlier?.sameAround ?? false
        let sameParams = earlier?.sameParams ?? false
        if let previous, let earlier, sameAround, sameParams {
            writer.writeRaw(previous.bytes, in: earlier.bytes)
            let shift = start - earlier.bytes.lowerBound
            params = (earlier.params.lowerBound + shift)..<(earlier.params.upperBound + shift)
        } else if let previous, let earlier, sameAround, !screen.eventsReadParams {
            // Only the params changed (`convert` of the exchange flow): the
            // members before and after them are copied as they were.
            writer.writeRaw(previous.bytes, in: earlier.bytes.lowerBound..<earlier.params.lowerBound)
            let paramsStart = writer.count
            screen.writeParams(sharing: state.flow.sharedParams, into: &writer)
            params = paramsStart..<writer.count
            writer.writeRaw(previous.bytes, in: earlier.params.upperBound..<earlier.bytes.upperBound)
        } else {
            let accepted =
                context.finished
                ? .none : AcceptedEvents(of: entry, inModal: context.inModal, underTabBar: context.underTabBar)
            var reusedParams: (bytes: SharedBytes, range: Range<Int>)?
            if let previous, let earlier, sameParams {
                reusedParams = (previous.bytes, earlier.params)
            }
            params = writeEntry(
                entry, accepted: accepted, reusingParams: reusedParams, sharing: state.flow.sharedParams, into: &writer)
        }
        return RenderedEntry(
            screen: ObjectIdentifier(screen), screenID: screen.id, coordinatorID: coordinatorID, revision: screen.revision,
            paramsRevision: screen.paramsRevision, context: context, bytes: start..<writer.count, params: params)
    }

    /// Writes one screen of the stack; returns where its params went.
    /// `reusingParams`: the params' bytes from an earlier render, copied as they are;
    /// `sharing`: the flow's ``Flow/sharedParams``, copied where they appear.
    @discardableResult
    static func writeEntry(
        _ entry: NavigationStack.Entry, accepted: AcceptedEvents, reusingParams reused: (bytes: SharedBytes, range: Range<Int>)? = nil,
        sharing shared: SharedJSONValues = .none, into writer: inout JSONWriter
    ) -> Range<Int> {
        let screen = entry.screen
        var params = 0..<0
        writer.writeObject { object in
            object.member("id", screen.id ?? "")
            object.member("name", screen.name)
            object.member("presentation", entry.presentation.rawValue)
            object.member("coordinator", screen.coordinatorID ?? "")
            object.member("params") { writer in
                let start = writer.count
                if let reused {
                    writer.writeRaw(reused.bytes, in: reused.range)
                } else {
                    screen.writeParams(sharing: shared, into: &writer)
                }
                params = start..<writer.count
            }
            object.member("events") { writer in
                writer.writeArray(accepted) { writer, name in writeEvent(name, of: screen, into: &writer) }
            }
            object.member("title", screen.title)
        }
        return params
    }

    /// Writes one event a screen accepts: its name, label, role when it has
    /// one, and fields when it has some, their choices read from the screen's params.
    private static func writeEvent(_ name: String, of screen: Screen, into writer: inout JSONWriter) {
        switch ReservedEvent(named: name) {
        case .back: writer.writeRaw(backDocument)
        case .dismiss: writer.writeRaw(dismissDocument)
        case .selectTab: writer.writeRaw(selectTabDocument)
        case nil:
            let written: Void? = screen.withDeclaration(named: name) { declaration in
                writeEvent(
                    name, label: declaration.label, role: declaration.role, fields: declaration.declaredFields,
                    params: { screen.params }, into: &writer)
            }
            if written == nil {
                writeEvent(name, label: DefaultWording.label(ofEvent: name), role: nil, into: &writer)
            }
        }
    }

    /// `params` is read only for fields whose choices come from them.
    private static func writeEvent(
        _ name: String, label: String, role: EventRole?, fields: EventFields = .none, params: () -> JSONObject = { JSONObject() },
        into writer: inout JSONWriter
    ) {
        writer.writeObject { event in
            event.member("name", name)
            event.member("label", label)
            if let role { event.writeRaw(role.documentMember) }
            if !fields.isEmpty { event.member("fields") { fields.writeDocument(into: &$0, params: params) } }
        }
    }

    /// The reserved events as every document writes them, encoded once.
    private static let backDocument = reservedEventDocument(.back)
    private static let dismissDocument = reservedEventDocument(.dismiss)
    private static let selectTabDocument = reservedEventDocument(.selectTab, fields: ["tab": .string])

    private static func reservedEventDocument(_ event: ReservedEvent, fields: EventFields = .none) -> [UInt8] {
        var writer = JSONWriter()
        writeEvent(
            event.rawValue, label: DefaultWording.label(ofEvent: event.rawValue), role: DefaultWording.role(ofEvent: event.rawValue),
            fields: fields, into: &writer)
        return writer.bytes
    }

    /// `typeNames`: the type names kept so far, or none to write them as they are.
    private static func writeTree(_ coordinator: Coordinator, typeNames: inout CoordinatorTypeNames?, into writer: inout JSONWriter) {
        writer.writeObject { object in
            object.member("id", coordinator.id)
            object.member("type") { writer in
                if typeNames != nil {
                    writer.writeRaw(typeNames!.encodedName(of: type(of: coordinator)))
                } else {
                    writer.writeString(coordinator.typeName)
                }
            }
            object.member("children") { writer in
                writer.writeArray(coordinator.childCoordinators) { writeTree($1, typeNames: &typeNames, into: &$0) }
            }
        }
    }
}

extension EventRole {
    /// `,"role":"…"`, written as it is after an event's first members.
    fileprivate var documentMember: StaticString {
        switch self {
        case .primary: #","role":"primary""#
        case .destructive: #","role":"destructive""#
        case .cancel: #","role":"cancel""#
        }
    }
}
