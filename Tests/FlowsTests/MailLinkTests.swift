import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// The links of `mail` (docs/api.md#containers-tab-bars-and-split-views) from
/// each kind of state it can reach: fresh, a mailbox open, a message open, the
/// settings tab selected, the compose sheet open, after an archive. Each test
/// checks the router calls twice: as the recording router saw them, and as the
/// history lists them for a client, with the tab and column each one changed.
@Suite("mail: deep links", .timeLimit(.minutes(10)), .hangGuard)
struct MailLinkTests {
    /// The reachable states, each built from a fresh recording session.
    private static let states: [String: @Sendable (FlowSession) throws -> Void] = [
        "fresh": { _ in },
        "mailbox": { try $0.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"]) },
        "message": { mail in
            try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
            try mail.sendVisible("read", on: "messages", ["message": "m1"])
        },
        "settings": { mail in
            try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
            try mail.sendVisible("read", on: "messages", ["message": "m1"])
            try mail.sendVisible("selectTab", on: "message", ["tab": "settings"])
        },
        "compose": { mail in
            try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
            try mail.sendVisible("read", on: "messages", ["message": "m1"])
            try mail.sendVisible("reply", on: "message")
        },
        "archived": { mail in
            try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
            try mail.sendVisible("read", on: "messages", ["message": "m2"])
            try mail.sendVisible("archive", on: "message")
        },
    ]
    private static let allStates = ["fresh", "mailbox", "message", "settings", "compose", "archived"]

    /// What a link does first in each state before the mail tab's coordinator
    /// acts: dismiss the compose sheet, select the mail tab.
    private static let preamble: [String: [String]] = [
        "settings": ["MailAppCoordinator: selectTab(mail) @mail"],
        "compose": ["MailAppCoordinator: dismiss"],
    ]
    private static let replaceMailbox = [
        "MailboxesCoordinator: popToRoot @mail/primary", "MailboxesCoordinator: push(messages) @mail/primary",
    ]
    private static let readMessage = [
        "MailboxesCoordinator: update(mailboxes) @mail/primary",
        "MailboxesCoordinator: update(messages) @mail/primary",
        "MessageCoordinator: setRoot(message) @mail/secondary",
    ]

    // MARK: - /mailboxes/{mailbox}

    @Test(arguments: allStates)
    func mailboxLinkShowsThatMailboxInThePrimaryColumn(state: String) throws {
        let mail = try Self.session(in: state)
        let calls = try mail.openRecorded("/mailboxes/archive")
        let opening = state == "fresh" ? ["MailboxesCoordinator: push(messages) @mail/primary"] : Self.replaceMailbox
        #expect(calls == Self.preamble[state, default: []] + opening)
        #expect(mail.shownParams("messages")?["mailbox"] == "archive")
        let archive = state == "archived" ? ["m2", "m4"] : ["m4"]
        #expect(mail.shownParams("messages")?["messages"]?.arrayValue?.map { $0["id"]?.stringValue ?? "" } == archive)
        let secondary = ["message", "settings", "compose"].contains(state) ? "message" : "empty"
        #expect(mail.layout == "tabs(*mail: split(mailboxes messages | \(secondary)), settings: stack(mailSettings))")
        #expect(mail.visible.map(\.name) == ["messages", secondary])
        let tree = secondary == "message" ? "MailboxesCoordinator[MessageCoordinator]" : "MailboxesCoordinator"
        #expect(mail.tree == "MailAppCoordinator[\(tree), MailSettingsCoordinator]")
        #expect(mail.session.pendingLink == nil)
    }

    @Test func aLinkToTheMailboxShownMakesNoRouterCall() throws {
        let mail = try Self.session(in: "message")
        let before = mail.version
        #expect(try mail.openRecorded("/mailboxes/inbox") == [])
        #expect(mail.version == before + 1, "the link is still an event")
        #expect(mail.layout == "tabs(*mail: split(mailboxes messages | message), settings: stack(mailSettings))")
    }

    // MARK: - /messages/{id}

    @Test(arguments: allStates)
    func messageLinkOpensItsMailboxAndShowsTheMessage(state: String) throws {
        let mail = try Self.session(in: state)
        let firstMessage = mail.session.root.childCoordinators.first?.childCoordinators.first
        let calls = try mail.openRecorded("/messages/m2")
        // m2 is in the inbox, or in the archive once archived.
        let opening: [String] =
            switch state {
            case "fresh": ["MailboxesCoordinator: push(messages) @mail/primary"]
            case "archived": Self.replaceMailbox
            default: []
            }
        #expect(calls == Self.preamble[state, default: []] + opening + Self.readMessage)
        #expect(mail.shownParams("messages")?["mailbox"] == (state == "archived" ? "archive" : "inbox"))
        #expect(mail.shownParams("message")?["id"] == "m2")
        #expect(mail.layout == "tabs(*mail: split(mailboxes messages | message), settings: stack(mailSettings))")
        #expect(mail.visible.map(\.name) == ["messages", "message"])
        #expect(mail.tree == "MailAppCoordinator[MailboxesCoordinator[MessageCoordinator], MailSettingsCoordinator]")
        if let firstMessage {
            #expect(firstMessage.isFinished, "the previous message's coordinator finishes")
            #expect(mail.session.root.childCoordinators.first?.childCoordinators.first !== firstMessage)
        }
        #expect(mail.shownParams("messages")?["messages"]?.arrayValue?.first { $0["id"] == "m2" }?["read"] == true)
    }

    @Test func messageLinkToAMessageOfAnotherMailboxSwitchesTheMailbox() throws {
        let mail = try Self.session(in: "message")
        #expect(try mail.openRecorded("/messages/m4") == Self.replaceMailbox + Self.readMessage)
        #expect(mail.shownParams("messages")?["mailbox"] == "archive")
        #expect(mail.shownParams("message")?["from"] == "Alan")
    }

    // MARK: - The compose sheet

    @Test(arguments: ["/mailboxes/inbox", "/messages/m3"])
    func aLinkDismissesTheComposeSheetFirst(link: String) throws {
        let mail = try Self.session(in: "compose")
        let calls = try mail.openRecorded(link)
        #expect(calls.first == "MailAppCoordinator: dismiss", "nothing lands under the sheet")
        #expect(!mail.stack.contains { $0.hasSuffix(":sheet") })
        #expect(mail.screenID("compose") == nil)
        #expect(mail.visible.map(\.name) == ["messages", "message"])
        // What was left behind is usable at once: the message takes a new reply.
        #expect(try mail.sendVisible("reply", on: "message") == ["MessageCoordinator: present(compose, sheet)"])
    }

    // MARK: - Refused links

    @Test(arguments: allStates)
    func unknownMailboxOrMessageIsRefusedAndChangesNothing(state: String) throws {
        let mail = try Self.session(in: state)
        let refused: [(String, String)] = [
            ("/mailboxes/spam", "unknown mailbox 'spam'; known mailboxes: inbox, archive"),
            ("/mailboxes/Inbox", "unknown mailbox 'Inbox'"),
            ("/messages/m9", "unknown message 'm9'; known messages: m1, m2, m3, m4"),
        ]
        for (link, detail) in refused {
            let before = (mail.version, mail.session.document(), mail.session.historyDocument(), mail.session.acceptedEvents)
            let error = try #require(throws: NavigationError.self) { try mail.openRecorded(link) }
            #expect(error.kind == .linkRejected)
            #expect(error.detail.contains(detail))
            #expect(mail.routerLog?.entries.isEmpty == true, "no router call for \(link)")
            #expect(before == (mail.version, mail.session.document(), mail.session.historyDocument(), mail.session.acceptedEvents))
        }
    }

    @Test func aPathOfNoPatternListsMailsPatterns() throws {
        let mail = try FlowSession.mail()
        let error = try #require(throws: NavigationError.self) { try mail.open("/messages") }
        #expect(error.kind == .unknownLink)
        #expect(error.linkPatterns == ["/mailboxes/{mailbox}", "/messages/{id}"])
    }

    @Test func aLinkIsOneJournaledEventAndTheMessageItOpenedBehavesAsARead() throws {
        let mail = try FlowSession.mail()
        try mail.open("/messages/m1")
        #expect(mail.version == 2)
        #expect(mail.session.acceptedEvents == [ClientEvent(link: "/messages/m1")])
        #expect(try mail.sendVisible("archive", on: "message").last == "MailboxesCoordinator: setRoot(empty) @mail/secondary")
        #expect(try mail.sendVisible("back", on: "messages") == ["MailboxesCoordinator: pop @mail/primary [user]"])
        #expect(
            try mail.sendVisible("open", on: "mailboxes", ["mailbox": "archive"]) == ["MailboxesCoordinator: push(messages) @mail/primary"])
    }

    private static func session(in state: String) throws -> FlowSession {
        let mail = try FlowSession.mail(recording: true)
        let reach = try #require(states[state])
        try reach(mail)
        return mail
    }
}

extension FlowSession {
    /// Opens `link` and returns its router calls as the history lists them
    /// (`MailboxesCoordinator: push(messages) @mail/primary`), after checking
    /// that the recording router saw the same calls, in the same order.
    func openRecorded(_ link: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let before = version
        let recorded = try open(link)
        let listed = calls(since: before)
        #expect(recorded == listed.map(Self.withoutPlace), "recording router and history differ", sourceLocation: sourceLocation)
        return listed
    }

    /// `Type: call` without the ` @tab/column` the history adds.
    private static func withoutPlace(_ call: String) -> String {
        call.split(separator: " @").first.map(String.init) ?? call
    }
}
