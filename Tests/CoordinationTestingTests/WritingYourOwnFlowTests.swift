// docs/writing-flows.md, "A first flow", begin
import CoordinationTesting
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
// docs/writing-flows.md, "A first flow", end

/// docs/writing-flows.md's first flow, tested as "Testing a flow" shows.
@Suite("docs/writing-flows.md: a first flow, tested", .timeLimit(.minutes(10)), .hangGuard)
struct WritingYourOwnFlowTests {
    @Test func startsOnTheEmptyList() throws {
        let notes = try FlowTestSession(flow: notesFlow)
        #expect(notes.stack == [ShownScreen(id: "s1", name: "notes", title: "Notes", params: ["notes": []], presentation: .root)])
        #expect(
            notes.document["stack"]?.arrayValue?.last == [
                "id": "s1", "name": "notes", "presentation": "root", "coordinator": "c1",
                "params": ["notes": []], "events": [["name": "add", "label": "New note"]], "title": "Notes",
            ])
    }

    // docs/writing-flows.md, "Testing a flow", begin
    @Test func savingANotePopsBackToTheUpdatedList() throws {
        let notes = try FlowTestSession(flow: notesFlow)
        #expect(try notes.send("add").map(\.operation) == [.push])
        #expect(notes.stack.map(\.name) == ["notes", "editor"])

        let saved = try notes.send("save", payload: ["text": "Buy milk"])
        #expect(saved.map { "\($0.operation) \($0.screen)" } == ["pop editor", "update notes"])
        #expect(notes.stack.last?.params == ["notes": ["Buy milk"]])
        #expect(notes.coordinators.description == "NotesCoordinator")
        #expect(try notes.replayed().document == notes.document)
    }

    @Test func anEmptyNoteIsRefusedAndChangesNothing() throws {
        let notes = try FlowTestSession(flow: notesFlow)
        try notes.send("add")
        let before = notes.document
        let refusal = #expect(throws: NavigationError.self) { try notes.send("save", payload: ["text": ""]) }
        #expect(refusal?.kind == .eventRejected)  // 422 event-rejected
        #expect(refusal?.detail == "a note needs some text")
        #expect(notes.document == before)
    }

    @Test func randomWalksKeepEveryInvariant() throws {
        for seed: UInt64 in 1...3 {
            try FlowWalk.random(notesFlow, steps: 500, seed: seed)
        }
    }
    // docs/writing-flows.md, "Testing a flow", end

    @Test func theEditorsEventsAndTheSharedStore() throws {
        let notes = try FlowTestSession(flow: notesFlow)
        try notes.send("add")
        #expect(
            notes.document["stack"]?.arrayValue?.last?["events"] == [
                ["name": "save", "label": "Save", "role": "primary", "fields": ["text": ["type": "string", "label": "Note"]]],
                ["name": "back", "label": "Back", "role": "cancel"],
            ])
        try notes.send("save", payload: ["text": "Buy milk"])
        try notes.send("add")
        try notes.send("save", payload: ["text": "Call Ada"])
        #expect(notes.version == 5)
        #expect(notes.session.store[.notes] == ["Buy milk", "Call Ada"])
        #expect(
            notes.routerCalls.map { "\($0.operation) \($0.screen)" } == [
                "setRoot notes", "push editor", "pop editor", "update notes", "push editor", "pop editor", "update notes",
            ])
    }

    @Test func backLeavesTheListAsItWas() throws {
        let notes = try FlowTestSession(flow: notesFlow)
        try notes.send("add")
        #expect(try notes.send("back").map(\.byUser) == [true])
        #expect(notes.stack.map(\.name) == ["notes"])
        #expect(notes.stack.last?.params == ["notes": []])
    }
}
