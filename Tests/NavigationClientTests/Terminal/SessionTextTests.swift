import NavigationClient
import TestSupport
import Testing

@testable import navigation_client

@Suite("navigation-client: a session as text", .timeLimit(.minutes(10)), .hangGuard)
struct SessionTextTests {
    typealias F = DocumentFixtures

    private func text(_ document: SessionDocument) -> String {
        SessionText.render(document, menu: EventMenu(document))
    }

    @Test func aStackShowsItsPathTheTopsParamsAndNumberedEvents() {
        let rates = F.screen("s1", .root, name: "rates", params: ["items": [["code": "USD", "rate": 1380.5]]], events: ["select"])
        let calculator = Screen(
            id: "s2", name: "calculator", presentation: .push, params: ["item": ["code": "USD", "rate": 1380.5], "result": nil],
            events: [
                EventDeclaration(name: "convert", fields: [FieldDeclaration(name: "amount", type: .number)]),
                EventDeclaration(name: "back"),
            ])
        let lines = text(F.document([rates, calculator], version: 3)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "── test · session 0123456789abcdef0123456789abcdef · version 3 ──")
        #expect(lines.contains("Rates › Calculator"))
        #expect(lines.contains("  Item: code: USD, rate: 1380.5"))
        #expect(lines.contains("  Result: —"))
        #expect(!lines.contains { $0.contains("Items") }, "only the top screen's params show")
        #expect(lines.contains("  1) Convert (amount: number)"))
        #expect(lines.contains("  2) Back"))
    }

    @Test func tabsColumnsAndModals() {
        let mailboxes = F.screen(
            "s1", .root, name: "mailboxes", params: ["mailboxes": [["id": "inbox", "unread": 2]]], events: ["open", "selectTab"])
        let empty = F.screen("s2", .root, name: "empty", params: ["text": "No message selected"], events: ["selectTab"])
        let settings = F.screen("s3", .root, name: "mailSettings", events: ["toggleSignature", "selectTab"])
        let tabs = text(F.tabs(primary: [mailboxes], secondary: [empty], settings: [settings]))
        #expect(tabs.contains("Tabs: [1 Mail]  2 Settings "))
        #expect(tabs.contains("Primary: Mailboxes\n  Mailboxes:\n    - id: inbox, unread: 2"))
        #expect(tabs.contains("Secondary: Empty\n  Text: No message selected"))
        #expect(tabs.hasSuffix("Events:\n  1) Open\n  2) Select tab"), "selectTab is listed once")
        let compose = F.screen("c1", .sheet, name: "compose", params: ["to": "ada"], events: ["send", "dismiss"])
        let covered = text(F.tabs(primary: [mailboxes], secondary: [empty], settings: [settings], modals: [compose]))
        #expect(
            covered.contains("Primary: Mailboxes\n\nSecondary: Empty\n\nSheet: Compose\n  To: ada"), "under a modal only the paths show")
        #expect(covered.contains("  1) Send\n  2) Dismiss"))
    }

    @Test func aHeldLinkEffectsAndAFinishedSession() {
        var document = F.document([F.screen("s1", .root, name: "login", events: ["login"])])
        document.pendingLink = "/profile"
        document.effects = [PendingEffect(id: "e1", name: "auth.login", coordinator: "c2")]
        let held = text(document)
        #expect(held.contains("Held link: /profile"))
        #expect(held.contains("Waiting for: auth.login"))
        document.finished = true
        document.result = ["said": "goodbye"]
        let finished = text(document)
        #expect(finished.contains(#"The session has finished. Result: {"said":"goodbye"}"#))
        #expect(!finished.contains("Events:"), "a finished session takes no events")
    }

    @Test(
        arguments: [
            (JSONValue.null, "—"), (true, "yes"), (false, "no"), (2.5, "2.5"), (3, "3"), ("", "\"\""), ([], "none"), ([:], "—"),
            (["a", 1], "a; 1"), (["fromName": "Ada"], "from name: Ada"),
        ] as [(JSONValue, String)])
    func valuesOnOneLine(value: JSONValue, text: String) {
        #expect(SessionText.inline(value) == text)
    }
}
