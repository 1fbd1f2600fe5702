extension FlowTestSession {
    /// The screens shown, bottom to top, as the document's `stack` lists
    /// them: the layout collapsed as a phone shows it, then the modals.
    public var stack: [ShownScreen] { session.stack.entries.map(ShownScreen.init) }

    /// The name of the top screen, nil when nothing is shown.
    public var topScreen: String? { session.stack.top?.screen.name }

    /// The containers under the modals: tabs, a split view, or the plain stack.
    public var layout: Layout { session.layout }

    /// The session document the API answers (openapi.yaml, `Session`).
    public var document: JSONValue {
        // The engine writes it and reads nothing else; a document that is
        // not JSON is a bug of the engine, which its own tests catch.
        (try? JSONParser.parse(session.document())) ?? nil
    }

    /// The live coordinator tree, from the root.
    public var coordinators: CoordinatorNode { CoordinatorNode(session.root) }

    /// The effects asked for and not answered yet, oldest first.
    public var pendingEffects: [EffectRequest] { session.pendingEffects }

    /// True once the root coordinator has finished: events are then refused.
    public var isFinished: Bool { session.isFinished }

    /// The session's version: one more for every accepted change.
    public var version: Int { session.version }

    /// The router calls made after `version`, oldest first.
    public func routerCalls(since version: Int) -> [HistoryEntry] {
        routerCalls.filter { $0.version > version }
    }
}
