// README example begin
import Coordination
import TestSupport
import Testing

/// A list of notes and an editor: `add` pushes the editor, `save` keeps the
/// note in the session's shared store, pops back and refreshes the list.
final class NotesCoordinator: Coordinator {
    private let list = Screen("notes", title: "Notes", params: ["notes": []])

    override func start() {
        list.on("add", label: "New note") { [unowned self] _ in showEditor() }
        router.setRoot(list)
    }

    private func showEditor() {
        let editor = Screen("editor", title: "New note")
        editor.on("save", label: "Save", role: .primary, fields: ["text": .string.label("Note")]) { [unowned self] payload in
            let text = payload.string("text")
            guard !text.isEmpty else { throw EventRejection("a note needs some text") }
            let notes = store[.notes, default: []] + [text]
            store[.notes] = notes
            router.pop()
            router.update(list, "notes", to: .array(notes.map(JSONValue.string)))
        }
        router.push(editor)
    }
}

extension StoreKey where Value == [String] {
    static let notes = StoreKey("notes")
}

let notesFlow = Flow(name: "notes", description: "A list of notes and an editor.") { environment in
    NotesCoordinator(environment: environment)
}
// README example end

/// The README's "Writing your own flow" example, walked as a client would.
@Suite("README: writing your own flow", .timeLimit(.minutes(10)), .hangGuard)
struct WritingYourOwnFlowTests {
    private func send(_ session: Session, _ event: String, _ payload: JSONObject = [:]) throws(NavigationError) {
        try session.send(ClientEvent(screen: session.stack.top?.screen.id ?? "", event: event, payload: payload))
    }

    private func top(_ session: Session) throws -> JSONValue? {
        try JSONParser.parse(session.document())["stack"]?.arrayValue?.last
    }

    @Test func startsOnTheEmptyList() throws {
        let session = try Session(id: "readme", flow: notesFlow, context: nil)
        #expect(
            try top(session) == [
                "id": "s1", "name": "notes", "presentation": "root", "coordinator": "c1",
                "params": ["notes": []], "events": [["name": "add", "label": "New note"]], "title": "Notes",
            ])
    }

    @Test func savingANotePopsBackToTheUpdatedList() throws {
        let session = try Session(id: "readme", flow: notesFlow, context: nil)
        try send(session, "add")
        #expect(
            try top(session)?["events"] == [
                ["name": "save", "label": "Save", "role": "primary", "fields": ["text": ["type": "string", "label": "Note"]]],
                ["name": "back", "label": "Back", "role": "cancel"],
            ])
        #expect(try top(session)?["title"] == "New note")

        try send(session, "save", ["text": "Buy milk"])
        try send(session, "add")
        try send(session, "save", ["text": "Call Ada"])

        #expect(session.version == 5)
        #expect(session.stack.entries.map(\.screen.name) == ["notes"])
        #expect(try top(session)?["params"] == ["notes": ["Buy milk", "Call Ada"]])
        #expect(session.store[.notes] == ["Buy milk", "Call Ada"])
        #expect(
            session.history.entries.map { "\($0.operation.rawValue) \($0.screen)" } == [
                "setRoot notes", "push editor", "pop editor", "update notes", "push editor", "pop editor", "update notes",
            ])
    }

    @Test func anEmptyNoteIsRefusedAndChangesNothing() throws {
        let session = try Session(id: "readme", flow: notesFlow, context: nil)
        try send(session, "add")
        let before = session.document()
        let error = #expect(throws: NavigationError.self) { try send(session, "save", ["text": ""]) }
        #expect(error?.kind == .eventRejected)
        #expect(error?.detail == "a note needs some text")
        #expect(session.document() == before)
        #expect(session.store[.notes] == nil)
    }

    @Test func backLeavesTheListAsItWas() throws {
        let session = try Session(id: "readme", flow: notesFlow, context: nil)
        try send(session, "add")
        try send(session, "back")
        #expect(session.stack.entries.map(\.screen.name) == ["notes"])
        #expect(try top(session)?["params"] == ["notes": []])
    }
}
