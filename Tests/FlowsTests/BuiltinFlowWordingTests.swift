import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// Every screen of the built-in flows titled and every event labelled in
/// words a person reads, as the documents show them along a walk that
/// reaches every screen: the words pinned screen by screen, and rules no
/// label may break (no names glued in camel case, no word twice as in "Send send").
@Suite("Built-in flows: words for people", .timeLimit(.minutes(10)), .hangGuard)
struct BuiltinFlowWordingTests {
    /// Each screen as the document first showed it, by name: its title, then
    /// one line per event, `name: Label, role {field: Label ∈ value=Label, …}`.
    private final class Seen {
        var screens: [String: [String]] = [:]

        func read(_ session: Session) throws {
            let document = try JSONParser.parse(session.document())
            for entry in document["stack"]?.arrayValue ?? [] {
                let name = entry["name"]?.stringValue ?? ""
                if screens[name] == nil { screens[name] = try Self.describe(entry) }
            }
        }

        private static func describe(_ entry: JSONValue) throws -> [String] {
            let title = try #require(entry["title"]?.stringValue)
            try expectReadable(title, "title of \(entry["name"] ?? nil)")
            return try [title]
                + (entry["events"]?.arrayValue ?? []).map { event in
                    let name = event["name"]?.stringValue ?? ""
                    let label = event["label"]?.stringValue ?? ""
                    try expectReadable(label, "label of \(name)")
                    let words = label.lowercased().split(separator: " ")
                    #expect(!zip(words, words.dropFirst()).contains { $0 == $1 }, "a word twice in '\(label)'")
                    var line = "\(name): \(label)" + (event["role"]?.stringValue.map { ", \($0)" } ?? "")
                    let fields = try (event["fields"]?.objectValue ?? JSONObject()).map { field in
                        let fieldLabel = field.value["label"]?.stringValue ?? ""
                        try expectReadable(fieldLabel, "label of field \(field.key)")
                        let values = field.value["enum"]?.arrayValue?.compactMap(\.stringValue)
                        let labels = field.value["labels"]?.arrayValue?.compactMap(\.stringValue)
                        guard let values else { return "\(field.key): \(fieldLabel)" }
                        let choices = zip(values, labels ?? values).map { "\($0)=\($1)" }
                        return "\(field.key): \(fieldLabel) ∈ \(choices.joined(separator: ", "))"
                    }
                    if !fields.isEmpty { line += " {\(fields.joined(separator: "; "))}" }
                    return line
                }
        }

        /// Words, not names: a capital first, no camel case, no underscores.
        private static func expectReadable(_ text: String, _ what: String) throws {
            #expect(text.first?.isUppercase == true || text.first?.isNumber == true, "\(what): '\(text)'")
            #expect(!text.contains("_"), "\(what): '\(text)'")
            let scalars = Array(text.unicodeScalars)
            let camel = zip(scalars, scalars.dropFirst()).contains { $0.properties.isLowercase && $1.properties.isUppercase }
            #expect(!camel, "\(what): '\(text)'")
        }
    }

    @Test func app() throws {
        let app = try FlowSession.app()
        let seen = Seen()
        try seen.read(app.session)
        for (event, screen, payload) in [
            ("next", "welcome", [:]), ("next", "features", [:]), ("forgotPassword", "login", [:]), ("back", "forgotPassword", [:]),
            ("login", "login", ["username": "ada", "password": "secret"]), ("selectProfile", "home", [:]), ("back", "profile", [:]),
            ("openSettings", "home", [:]), ("back", "settings", [:]), ("checkout", "home", [:]), ("next", "cart", [:]),
            ("next", "address", ["street": "1 Main St"]), ("pay", "payment", ["card": "4242 4242"]),
        ] as [(String, String, JSONObject)] {
            try app.send(event, on: screen, payload)
            try seen.read(app.session)
        }
        #expect(
            seen.screens == [
                "welcome": ["Welcome", "next: Next, primary", "skip: Skip"],
                "features": ["What you can do", "next: Get started, primary", "skip: Skip", "back: Back, cancel"],
                "login": [
                    "Sign in", "login: Sign in, primary {username: Username; password: Password}", "forgotPassword: Forgot password?",
                ],
                "forgotPassword": ["Reset password", "submit: Send reset link, primary {email: Email}", "back: Back, cancel"],
                "home": [
                    "Home", "selectProfile: Profile", "openSettings: Settings", "checkout: Check out, primary",
                    "logout: Sign out, destructive",
                ],
                "profile": ["Profile", "back: Back, cancel"],
                "settings": ["Settings", "toggleNotifications: Turn notifications on or off", "back: Back, cancel"],
                "cart": ["Cart", "next: Continue, primary", "cancel: Cancel, cancel", "dismiss: Close, cancel"],
                "address": [
                    "Delivery address", "next: Continue, primary {street: Street}", "back: Back, cancel", "dismiss: Close, cancel",
                ],
                "payment": ["Payment", "pay: Pay, primary {card: Card number}", "back: Back, cancel", "dismiss: Close, cancel"],
                "confirmation": ["Order placed", "done: Done, primary"],
            ])
    }

    @Test func exchange() throws {
        let exchange = try FlowSession.exchange()
        let seen = Seen()
        try seen.read(exchange.session)
        try exchange.send("select", on: "rates", ["code": "USD"])
        try seen.read(exchange.session)
        #expect(
            seen.screens == [
                "rates": [
                    "Exchange rates",
                    "select: Select {code: Currency ∈ USD=US dollar, EUR=Euro, JPY=Japanese yen, GBP=British pound, CNY=Chinese yuan}",
                ],
                "calculator": ["US dollar", "convert: Convert, primary {amount: Amount}", "close: Close, cancel", "back: Back, cancel"],
            ])
        // Each calculator is titled by its currency.
        for rate in ExchangeFlow.rates {
            try exchange.open("/rates/\(rate.code)")
            #expect(exchange.topScreen?.title == rate.name)
        }
    }

    @Test func mail() throws {
        let mail = try FlowSession.mail()
        let seen = Seen()
        try seen.read(mail.session)
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        try seen.read(mail.session)
        try mail.sendVisible("read", on: "messages", ["message": "m1"])
        try seen.read(mail.session)
        try mail.sendVisible("reply", on: "message")
        try seen.read(mail.session)
        try mail.sendVisible("cancel", on: "compose")
        try mail.sendVisible("selectTab", on: "message", ["tab": "settings"])
        try seen.read(mail.session)
        let selectTab = "selectTab: Select tab {tab: Tab}"
        #expect(
            seen.screens == [
                "mailboxes": ["Mailboxes", "open: Open {mailbox: Mailbox ∈ inbox=Inbox, archive=Archive}", selectTab],
                "empty": ["No message selected", selectTab],
                "messages": [
                    "Inbox",
                    "read: Read {message: Message ∈ m1=Lunch on Friday? — Ada, m2=Release notes — Grace, m3=Re: patches — Linus}",
                    "back: Back, cancel", selectTab,
                ],
                "message": ["Lunch on Friday?", "reply: Reply, primary", "archive: Archive, destructive", selectTab],
                "compose": ["Reply", "send: Send, primary {body: Message}", "cancel: Cancel, cancel", "dismiss: Close, cancel"],
                "mailSettings": ["Mail settings", "toggleSignature: Turn signature on or off", selectTab],
            ])
    }

    /// The archive's messages screen is titled by its mailbox, and reading
    /// an archived message offers it among the archive's choices only.
    @Test func mailChoicesFollowTheData() throws {
        let mail = try FlowSession.mail()
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        try mail.sendVisible("read", on: "messages", ["message": "m2"])
        try mail.sendVisible("archive", on: "message")
        let inbox = try JSONParser.parse(mail.session.document())["stack"]?.arrayValue?.first { $0["name"] == "messages" }
        #expect(inbox?["events"]?.arrayValue?.first?["fields"]?["message"]?["enum"] == ["m1", "m3"])
        try mail.open("/mailboxes/archive")
        let archive = try #require(mail.visible.first { $0.name == "messages" })
        #expect(archive.title == "Archive")
        let document = try JSONParser.parse(mail.session.document())
        let read = document["stack"]?.arrayValue?.first { $0["name"] == "messages" }?["events"]?.arrayValue?.first
        #expect(read?["fields"]?["message"]?["enum"] == ["m2", "m4"])
        #expect(read?["fields"]?["message"]?["labels"] == ["Release notes — Grace", "Tickets — Alan"])
    }
}
