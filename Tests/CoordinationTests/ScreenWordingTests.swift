import TestSupport
import Testing

@testable import Coordination

/// Screens that describe themselves for people: a screen's `title`, an
/// event's `label` and `role`, a field's `label` and `description`, given
/// by the flow or made from the names (``DefaultWording``).
@Suite("Screens described for people", .timeLimit(.minutes(10)), .hangGuard)
struct ScreenWordingTests {
    @Test(arguments: [
        ("forgotPassword", "Forgot password"), ("mailSettings", "Mail settings"), ("calculator", "Calculator"),
        ("select", "Select"), ("selectProfile", "Select profile"), ("openURL", "Open URL"), ("open_in-app", "Open in app"),
        ("step2Done", "Step2 done"), ("émigréList", "Émigré list"), ("", ""),
    ])
    func namesReadAsWords(name: String, words: String) {
        #expect(DefaultWording.readable(name) == words)
        #expect(DefaultWording.title(ofScreen: name) == words)
        #expect(DefaultWording.label(ofField: name) == words)
    }

    @Test func reservedEventsHaveTheirOwnWordsAndTheCancelRole() {
        #expect(DefaultWording.label(ofEvent: "back") == "Back")
        #expect(DefaultWording.label(ofEvent: "dismiss") == "Close")
        #expect(DefaultWording.label(ofEvent: "selectTab") == "Select tab")
        #expect(DefaultWording.label(ofEvent: "toggleNotifications") == "Toggle notifications")
        #expect(["back", "dismiss", "cancel"].map(DefaultWording.role(ofEvent:)) == [.cancel, .cancel, .cancel])
        // Only the flow knows which action is primary or destructive.
        #expect(
            ["selectTab", "submit", "next", "logout", "archive", "close"].map(DefaultWording.role(ofEvent:))
                == Array(repeating: nil, count: 6))
    }

    @Test func aScreenThatSaysNothingIsDescribedFromItsNames() throws {
        let session = try Session.library()
        let shelf = try #require(try session.topEntry)
        #expect(shelf["title"] == "Book shelf")
        let events = try #require(shelf["events"]?.arrayValue)
        #expect(events.map { $0["label"] } == ["Borrow", "Donate a book", "Remove", "Pick shelf", "Cancel", "Archive"])
        #expect(events.map { $0["role"] } == [nil, nil, nil, nil, "cancel", "destructive"])
        #expect(try session.topEvent("remove")?["fields"]?["book"]?["label"] == "Book")
        // A screen entry keeps its members in their order; the title comes last.
        #expect(
            session.documentText.contains(
                #""events":[{"name":"borrow","label":"Borrow","fields":{"book":{"type":"string","label":"Book","enum":"#))
        #expect(session.documentText.contains(#"{"name":"archive","label":"Archive","role":"destructive"}],"title":"Book shelf"}"#))
    }

    @Test func aFieldCarriesItsLabelAndDescription() throws {
        let session = try Session.library()
        #expect(
            try session.topEvent("donate") == [
                "name": "donate", "label": "Donate a book",
                "fields": ["title": ["type": "string", "label": "Book title", "description": "As printed on the cover."]],
            ])
    }

    @Test func backAndDismissAreLabelledAndCancel() throws {
        let session = try Session.library()
        try session.tap("borrow", ["book": "b1"])
        let receipt = try #require(try session.topEntry)
        #expect(receipt["title"] == "Your loan")
        #expect(receipt["events"]?.arrayValue?.last == ["name": "back", "label": "Back", "role": "cancel"])
        try session.tap("help")
        let help = try #require(try session.topEntry)
        #expect(help["title"] == "Help desk")
        #expect(help["events"] == [["name": "dismiss", "label": "Close", "role": "cancel"]])
    }

    @Test func aTitleChangedByAHandlerIsInTheNextDocument() throws {
        let session = try Session.library()
        try session.tap("borrow", ["book": "b1"])
        _ = session.document()
        try session.tap("retitle", ["title": "Dune, due <Friday> & \"soon\" — ✓"])
        #expect(try session.topEntry?["title"] == "Dune, due <Friday> & \"soon\" — ✓")
        #expect(session.documentText == String(decoding: SessionDocument.render(session).bytes.array, as: UTF8.self))
        #expect(session.stack.top?.screen.title == "Dune, due <Friday> & \"soon\" — ✓")
    }

    @Test func aScreenWithoutATitleReadsItsDefault() {
        let screen = Screen("mailSettings")
        #expect(screen.title == "Mail settings")
        #expect(Screen("mailSettings", title: "Mail").title == "Mail")
        screen.title = "Signature"
        #expect(screen.title == "Signature")
    }

    @Test func fieldsSayWhatTheFlowGave() {
        let field = EventField.string.label("Email").description("Where the link goes.")
        #expect(field.type == .string && field.label == "Email" && field.description == "Where the link goes.")
        #expect(EventField.string.label == nil && EventField.string.description == nil)
        let currency = EventField.string(oneOf: ["USD": "US dollar", "EUR": "Euro"])
        #expect(currency.allowedValues == ["USD", "EUR"] && currency.allowedValueLabels == ["US dollar", "Euro"])
        #expect(currency == .string(oneOf: [(value: "USD", label: "US dollar"), (value: "EUR", label: "Euro")]))
        #expect(EventField.string(oneOf: ["USD"]).allowedValueLabels == nil)
        let mailbox = EventField.oneOf(path: "account.mailboxes")
        #expect(mailbox.type == .string && mailbox.allowedValues == nil)
        #expect(mailbox.choicesFromParams == ParamsChoices(path: "account.mailboxes", value: "id"))
        #expect(mailbox.choicesFromParams?.path == ["account", "mailboxes"] && mailbox.choicesFromParams?.valueMember == "id")
    }

    @Test func anEventTakesItsWordsWhenDeclared() throws {
        let screen = Screen("cart")
            .on("checkout", label: "Check out", role: .primary) { _ in }
            .on("cancel") { _ in }
            .on("emptyCart") { _ in }
        let declarations = ["checkout", "cancel", "emptyCart"].compactMap(screen.declaration(named:))
        #expect(declarations.map(\.label) == ["Check out", "Cancel", "Empty cart"])
        #expect(declarations.map(\.role) == [.primary, .cancel, nil])
    }

    @Test func documentsAreTheSameBytesEveryTime() throws {
        let first = try Session.library()
        let second = try Session.library()
        #expect(first.document() == second.document())
        #expect(first.document() == SessionDocument.render(first).bytes.array)
    }
}
