import TestSupport
import Testing

@testable import Coordination

/// Pages with long params: `open` pushes another, `note` changes the top
/// one's params, `changeBelow` the one under it, `lock` its events (no more
/// `back`), `close` pops.
private final class PagesCoordinator: Coordinator {
    private var pages: [Screen] = []

    override func start() {
        router.setRoot(page())
    }

    private func page() -> Screen {
        let number = pages.count + 1
        let text = String(repeating: "page \(number) ", count: 12)
        let screen = Screen("page", params: ["text": .string(text), "notes": []])
        screen
            .on("open") { [unowned self] _ in router.push(page()) }
            .on("note", fields: ["text": .string]) { [unowned self, unowned screen] payload in
                let notes = (screen.params["notes"]?.arrayValue ?? []) + [.string(payload.string("text"))]
                router.update(screen, "notes", to: .array(notes))
            }
            .on("changeBelow") { [unowned self] _ in
                guard pages.count >= 2 else { throw EventRejection("nothing below") }
                router.update(pages[pages.count - 2], "text", to: "changed below")
            }
            .on("lock") { [unowned self] _ in
                guard pages.count >= 2 else { throw EventRejection("nothing below") }
                pages[pages.count - 2].allowsBack = false
            }
            .on("close") { [unowned self] _ in
                pages.removeLast()
                router.pop()
            }
        pages.append(screen)
        return screen
    }
}

private let pagesFlow = Flow(name: "pages", description: "Pages with long params.") { environment in
    PagesCoordinator(environment: environment)
}

/// A document copies from the last one it rendered the screens, params and
/// coordinator tree that did not change: after every event it must equal a
/// document rendered from nothing.
@Suite("Rendered document reuse", .timeLimit(.minutes(10)), .hangGuard)
struct RenderedDocumentReuseTests {
    private func send(_ session: Session, _ event: String, _ payload: JSONObject = [:]) throws(NavigationError) {
        try session.send(ClientEvent(screen: session.stack.top?.screen.id ?? "", event: event, payload: payload))
    }

    private func expectFresh(_ session: Session, sourceLocation: SourceLocation = #_sourceLocation) {
        let cached = String(decoding: session.document(), as: UTF8.self)
        let fresh = String(decoding: SessionDocument.render(session).bytes.array, as: UTF8.self)
        #expect(cached == fresh, sourceLocation: sourceLocation)
    }

    @Test func everyDocumentEqualsOneRenderedFromNothing() throws {
        let session = try Session(id: "pages", flow: pagesFlow, context: nil)
        expectFresh(session)
        for step in ["open", "open", "note", "changeBelow", "close", "note", "changeBelow", "open", "lock", "note", "close", "close"] {
            try send(session, step, step == "note" ? ["text": .string("after \(session.version)")] : [:])
            expectFresh(session)
        }
        let document = try JSONParser.parse(session.document())
        #expect(document["stack"]?.arrayValue?.first?["params"]?["text"] == "changed below")
        #expect(document["stack"]?.arrayValue?.first?["params"]?["notes"] == [])
    }

    /// ``Session/releaseDocument()`` frees the document and what the next
    /// render would copy from it: the next document is rendered whole, and
    /// is the same.
    @Test func aReleasedDocumentIsRenderedAgainTheSame() throws {
        let session = try Session(id: "pages", flow: pagesFlow, context: nil)
        #expect(!session.holdsDocument)
        let first = session.document()
        #expect(session.holdsDocument)
        session.releaseDocument()
        #expect(!session.holdsDocument)
        #expect(session.document() == first)
        for (index, step) in ["open", "note", "changeBelow", "open", "lock", "close"].enumerated() {
            if index.isMultiple(of: 2) { session.releaseDocument() }
            try send(session, step, step == "note" ? ["text": .string("after \(session.version)")] : [:])
            expectFresh(session)
            #expect(session.holdsDocument)
        }
    }

    @Test func remembersWhereEachScreenAndItsParamsWent() throws {
        let session = try Session(id: "pages", flow: pagesFlow, context: nil)
        try send(session, "open")
        try send(session, "open")
        let rendered = SessionDocument.render(session)
        let bytes = rendered.bytes.array
        let document = try JSONParser.parse(bytes)
        for (index, entry) in session.stack.entries.enumerated() {
            let place = try #require(rendered.entries.place(of: entry.screen))
            #expect(try JSONParser.parse(Array(bytes[place.bytes])) == document["stack"]?.arrayValue?[index])
            #expect(Array(bytes[place.params]) == JSONValue.object(entry.screen.params).encoded())
        }
        let tree = try #require(rendered.tree)
        #expect(try JSONParser.parse(Array(bytes[tree.bytes])) == document["coordinators"])
    }

    /// Without modals, `layout`'s stack is the `stack` member copied whole:
    /// the same as writing the layout screen by screen (no `stack` given).
    @Test func aStackLayoutIsTheStackAsTheLayoutWriterWritesIt() throws {
        let session = try Session(id: "pages", flow: pagesFlow, context: nil)
        for step in ["open", "open", "note", "close"] {
            try send(session, step, step == "note" ? ["text": "more"] : [:])
            let document = try JSONParser.parse(session.document())
            var writer = JSONWriter()
            let state = session.liveState
            var skips = DocumentSkips()
            SessionDocument.writeLayout(state.navigation.layout, of: state, reusing: RenderedEntries(), skips: &skips, into: &writer)
            #expect(skips.all.isEmpty, "nothing to copy from without the stack's bytes")
            #expect(try JSONParser.parse(writer.bytes) == document["layout"])
            #expect(document["layout"] == ["kind": "stack", "stack": document["stack"] ?? .null])
        }
    }

    /// A kept document holds its bytes with little room unused (no more than
    /// the allocator rounds up to), after the stack shrinks from five long
    /// pages to one: the writer's larger buffer is not what is kept.
    @Test func aDocumentThatShrankHoldsLittleUnusedRoom() throws {
        let session = try Session(id: "pages", flow: pagesFlow, context: nil)
        for _ in 0..<4 { try send(session, "open") }
        let long = session.document().count
        for _ in 0..<4 {
            try send(session, "close")
            _ = session.document()
        }
        let kept = try #require(session.documents.last?.bytes)
        #expect(kept.count < long)
        #expect(kept.capacity - kept.count <= max(512, kept.count / 4))
    }

    /// A first render made room for the size another session's first
    /// document had (``Session/document(typeNames:expectedBytes:)``):
    /// whatever that size, it writes the bytes a render from nothing
    /// writes, and keeps little unused room.
    @Test(arguments: [nil, 0, 1, 600, 100_000])
    func aFirstRenderGivenAnExpectedSizeWritesTheSameDocument(expectedBytes: Int?) throws {
        let session = try Session(id: "pages", flow: pagesFlow, context: nil)
        let document = session.document(typeNames: CoordinatorTypeNames(), expectedBytes: expectedBytes)
        #expect(document.array == SessionDocument.render(session).bytes.array)
        #expect(document.capacity - document.count <= max(512, document.count / 4))
    }

    /// The workbench's events change the tree, modals, params and the flow's
    /// end: each document equals one rendered from nothing.
    @Test func workbenchDocumentsEqualOnesRenderedFromNothing() throws {
        let session = try Session.workbench()
        expectFresh(session)
        let steps: [(String, JSONObject)] = [
            ("update", [:]), ("push", ["name": "two"]), ("startChild", ["name": "child"]), ("update", [:]),
            ("present", ["name": "sheet", "style": "sheet"]), ("update", [:]), ("startModalChild", ["name": "modal"]),
            ("dismissModal", [:]), ("dismissModal", [:]), ("pop", [:]), ("setRoot", ["name": "fresh"]), ("finishFlow", [:]),
        ]
        for (event, payload) in steps {
            _ = try session.tap(event, payload)
            expectFresh(session)
        }
        #expect(session.isFinished)
    }
}
