import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// `mail`, screen by screen (docs/api.md#containers-tab-bars-and-split-views):
/// a tab bar with a coordinator per tab, a split view whose secondary column
/// shows one message coordinator at a time, a compose sheet over the whole
/// split view.
@Suite("mail", .timeLimit(.minutes(10)), .hangGuard)
struct MailFlowTests {
    // MARK: - Start

    @Test func startSetsUpTheTabBarAndTheSplitView() throws {
        let mail = try FlowSession.mail()
        #expect(
            mail.calls(since: 0) == [
                "MailAppCoordinator: setTabs(mail, settings) @mail",
                "MailboxesCoordinator: setSplit @mail",
                "MailboxesCoordinator: setRoot(mailboxes) @mail/primary",
                "MailboxesCoordinator: setRoot(empty) @mail/secondary",
                "MailSettingsCoordinator: setRoot(mailSettings) @settings",
                "MailAppCoordinator: selectTab(mail) @mail",
            ])
        #expect(mail.tree == "MailAppCoordinator[MailboxesCoordinator, MailSettingsCoordinator]")
        #expect(mail.layout == "tabs(*mail: split(mailboxes | empty), settings: stack(mailSettings))")
        #expect(mail.stack == ["mailboxes:root", "empty:root"])
        #expect(mail.visible.map(\.name) == ["mailboxes", "empty"])
        #expect(
            mail.shownParams("mailboxes")?["mailboxes"] == [
                ["id": "inbox", "name": "Inbox", "unread": 2], ["id": "archive", "name": "Archive", "unread": 0],
            ])
        #expect(mail.shownParams("empty") == ["text": "No message selected"])
    }

    @Test func theDocumentHasTheLayoutOfAPIMD() throws {
        let mail = try FlowSession.mail()
        let document = try JSONParser.parse(mail.session.document())
        let layout = try #require(document["layout"])
        #expect(layout["kind"] == "tabs" && layout["selected"] == "mail")
        let tabs = try #require(layout["tabs"]?.arrayValue)
        #expect(tabs.map { "\($0["id"]?.stringValue ?? "") \($0["title"]?.stringValue ?? "")" } == ["mail Mail", "settings Settings"])
        let split = try #require(tabs.first?["layout"])
        #expect(split["kind"] == "split")
        let mailboxes = try #require(split["primary"]?.arrayValue?.first)
        #expect(mailboxes == document["stack"]?.arrayValue?.first, "screens in layout are the objects of stack")
        #expect(
            mailboxes["events"] == [
                [
                    "name": "open", "label": "Open",
                    "fields": [
                        "mailbox": ["type": "string", "label": "Mailbox", "enum": ["inbox", "archive"], "labels": ["Inbox", "Archive"]]
                    ],
                ],
                ["name": "selectTab", "label": "Select tab", "fields": ["tab": ["type": "string", "label": "Tab"]]],
            ])
        #expect(split["secondary"]?.arrayValue?.map { $0["name"] } == ["empty"])
        #expect(tabs.last?["layout"]?["kind"] == "stack")
        #expect(tabs.last?["layout"]?["stack"]?.arrayValue?.map { $0["name"] } == ["mailSettings"])
    }

    // MARK: - Mailboxes and messages

    @Test func openPushesTheMailboxInThePrimaryColumn() throws {
        let mail = try FlowSession.mail()
        #expect(
            try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"]) == ["MailboxesCoordinator: push(messages) @mail/primary"])
        #expect(mail.layout == "tabs(*mail: split(mailboxes messages | empty), settings: stack(mailSettings))")
        #expect(mail.visible.map(\.name) == ["messages", "empty"])
        #expect(mail.shownParams("messages")?["mailbox"] == "inbox")
        #expect(mail.shownParams("messages")?["messages"]?.arrayValue?.map { $0["id"] } == ["m1", "m2", "m3"])
        #expect(
            mail.shownParams("messages")?["messages"]?.arrayValue?.first == [
                "id": "m1", "from": "Ada", "subject": "Lunch on Friday?", "read": false,
            ])
        let refusal = mail.refusal("open", toScreenID: mail.screenID("mailboxes") ?? "", ["mailbox": "archive"])
        #expect(refusal?.kind == .screenNotActive, "mailboxes is under messages in its column")
    }

    /// A mailbox or a message the screen does not list is not among the
    /// field's choices: refused before the handler runs, as any `enum` is.
    @Test func anUnknownMailboxOrMessageIsRefused() throws {
        let mail = try FlowSession.mail()
        let spam = mail.refusal("open", toScreenID: mail.screenID("mailboxes") ?? "", ["mailbox": "spam"])
        #expect(spam?.kind == .invalidPayload)
        #expect(spam?.fieldProblems == [FieldProblem(field: "mailbox", message: "must be one of inbox, archive, not 'spam'")])
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        let archived = mail.refusal("read", toScreenID: mail.screenID("messages") ?? "", ["message": "m4"])
        #expect(archived?.kind == .invalidPayload)
        #expect(archived?.fieldProblems == [FieldProblem(field: "message", message: "must be one of m1, m2, m3, not 'm4'")])
    }

    @Test func readShowsTheMessageInTheSecondaryColumnAndMarksItRead() throws {
        let mail = try FlowSession.mail()
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        #expect(
            try mail.sendVisible("read", on: "messages", ["message": "m1"]) == [
                "MailboxesCoordinator: update(mailboxes) @mail/primary",
                "MailboxesCoordinator: update(messages) @mail/primary",
                "MessageCoordinator: setRoot(message) @mail/secondary",
            ])
        #expect(mail.layout == "tabs(*mail: split(mailboxes messages | message), settings: stack(mailSettings))")
        #expect(mail.tree == "MailAppCoordinator[MailboxesCoordinator[MessageCoordinator], MailSettingsCoordinator]")
        #expect(
            mail.shownParams("message") == ["id": "m1", "from": "Ada", "subject": "Lunch on Friday?", "body": "The usual place at noon?"])
        #expect(mail.shownParams("mailboxes")?["mailboxes"]?.arrayValue?.first?["unread"] == 1)
        #expect(mail.shownParams("messages")?["messages"]?.arrayValue?.first?["read"] == true)
        #expect(mail.visible.map(\.name) == ["messages", "message"])
    }

    @Test func readingASecondMessageFinishesTheFirstMessagesCoordinator() throws {
        let mail = try FlowSession.mail()
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        try mail.sendVisible("read", on: "messages", ["message": "m1"])
        let first = try #require(mail.session.root.childCoordinators.first?.childCoordinators.first)
        var watched: Weak<Coordinator>? = Weak(first)
        let firstID = first.id
        #expect(
            try mail.sendVisible("read", on: "messages", ["message": "m2"]).last == "MessageCoordinator: setRoot(message) @mail/secondary")
        #expect(first.isFinished)
        let messages = mail.session.root.childCoordinators.first?.childCoordinators ?? []
        #expect(messages.count == 1 && messages.first?.id != firstID)
        #expect(mail.shownParams("message")?["id"] == "m2")
        #expect(mail.shownParams("mailboxes")?["mailboxes"]?.arrayValue?.first?["unread"] == 0)
        _ = consume first
        #expect(watched?.object == nil, "the first message's coordinator is freed")
        watched = nil
    }

    @Test func archiveMovesTheMessageShowsEmptyAndFinishes() throws {
        let mail = try FlowSession.mail()
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        try mail.sendVisible("read", on: "messages", ["message": "m2"])
        #expect(
            try mail.sendVisible("archive", on: "message") == [
                "MailboxesCoordinator: update(mailboxes) @mail/primary",
                "MailboxesCoordinator: update(messages) @mail/primary",
                "MailboxesCoordinator: setRoot(empty) @mail/secondary",
            ])
        #expect(mail.tree == "MailAppCoordinator[MailboxesCoordinator, MailSettingsCoordinator]")
        #expect(mail.layout == "tabs(*mail: split(mailboxes messages | empty), settings: stack(mailSettings))")
        #expect(mail.shownParams("messages")?["messages"]?.arrayValue?.map { $0["id"] } == ["m1", "m3"])
        #expect(
            mail.shownParams("mailboxes")?["mailboxes"] == [
                ["id": "inbox", "name": "Inbox", "unread": 1], ["id": "archive", "name": "Archive", "unread": 0],
            ])
        try mail.sendVisible("back", on: "messages")
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "archive"])
        #expect(mail.shownParams("messages")?["messages"]?.arrayValue?.map { $0["id"] } == ["m2", "m4"])
    }

    // MARK: - Compose

    @Test func replyPresentsComposeOverTheWholeSplitView() throws {
        let mail = try FlowSession.mail()
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        try mail.sendVisible("read", on: "messages", ["message": "m1"])
        #expect(try mail.sendVisible("reply", on: "message") == ["MessageCoordinator: present(compose, sheet)"])
        #expect(mail.stack == ["mailboxes:root", "messages:push", "message:root", "compose:sheet"])
        #expect(mail.visible.map(\.name) == ["compose"], "the sheet covers both columns")
        #expect(mail.layout == "tabs(*mail: split(mailboxes messages | message), settings: stack(mailSettings))")
        #expect(mail.shownParams("compose") == ["to": "Ada", "subject": "Re: Lunch on Friday?", "signature": "Sent from my server"])
        #expect(try mail.acceptedEvents == ["send", "cancel", "dismiss"])
        #expect(mail.refusal("archive", toScreenID: mail.screenID("message") ?? "")?.kind == .screenNotActive)
        #expect(mail.refusal("read", toScreenID: mail.screenID("messages") ?? "", ["message": "m2"])?.kind == .screenNotActive)
        #expect(mail.refusal("selectTab", toScreenID: mail.screenID("compose") ?? "", ["tab": "settings"])?.kind == .eventNotAccepted)
        #expect(try mail.sendVisible("send", on: "compose", ["body": "Yes!"]) == ["MessageCoordinator: dismiss"])
        #expect(mail.visible.map(\.name) == ["messages", "message"])
        try mail.sendVisible("reply", on: "message")
        #expect(try mail.sendVisible("dismiss", on: "compose") == ["MessageCoordinator: dismiss [user]"])
        #expect(mail.tree == "MailAppCoordinator[MailboxesCoordinator[MessageCoordinator], MailSettingsCoordinator]")
    }

    // MARK: - Back

    @Test func backInThePrimaryColumnLeavesTheMessage() throws {
        let mail = try FlowSession.mail()
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        try mail.sendVisible("read", on: "messages", ["message": "m3"])
        #expect(try mail.acceptedEventsOf("messages") == ["read", "back", "selectTab"])
        #expect(try mail.acceptedEventsOf("message") == ["reply", "archive", "selectTab"])
        #expect(try mail.sendVisible("back", on: "messages") == ["MailboxesCoordinator: pop @mail/primary [user]"])
        #expect(mail.layout == "tabs(*mail: split(mailboxes | message), settings: stack(mailSettings))")
        #expect(mail.tree == "MailAppCoordinator[MailboxesCoordinator[MessageCoordinator], MailSettingsCoordinator]")
        #expect(mail.refusal("back", toScreenID: mail.screenID("message") ?? "")?.kind == .eventNotAccepted)
    }

    // MARK: - Tabs

    @Test func switchingTabsKeepsEachTabsStack() throws {
        let mail = try FlowSession.mail()
        try mail.sendVisible("open", on: "mailboxes", ["mailbox": "inbox"])
        try mail.sendVisible("read", on: "messages", ["message": "m1"])
        #expect(
            try mail.sendVisible("selectTab", on: "message", ["tab": "settings"]) == [
                "MailAppCoordinator: selectTab(settings) @settings [user]"
            ])
        let app = try #require(mail.session.root as? MailFlow.MailAppCoordinator)
        #expect(app.selectedTab == "settings", "the coordinator that set the tab bar is told")
        #expect(mail.stack == ["mailSettings:root"])
        #expect(mail.visible.map(\.name) == ["mailSettings"])
        #expect(try mail.sendVisible("toggleSignature", on: "mailSettings") == ["MailSettingsCoordinator: update(mailSettings) @settings"])
        #expect(mail.shownParams("mailSettings") == ["signature": false])
        #expect(mail.refusal("reply", toScreenID: mail.screenID("message") ?? "")?.kind == .screenNotActive, "a hidden tab")
        try mail.sendVisible("selectTab", on: "mailSettings", ["tab": "mail"])
        #expect(app.selectedTab == "mail")
        #expect(mail.stack == ["mailboxes:root", "messages:push", "message:root"])
        #expect(mail.layout == "tabs(*mail: split(mailboxes messages | message), settings: stack(mailSettings))")
        try mail.sendVisible("reply", on: "message")
        #expect(mail.shownParams("compose")?["signature"] == .null, "the settings tab's switch reaches the mail tab")
    }

    @Test func selectTabTakesOneOfTheTabs() throws {
        let mail = try FlowSession.mail()
        let mailboxes = mail.screenID("mailboxes") ?? ""
        #expect(mail.refusal("selectTab", toScreenID: mailboxes, ["tab": "calendar"])?.fieldProblems.first?.field == "tab")
        #expect(mail.refusal("selectTab", toScreenID: mailboxes, [:])?.kind == .invalidPayload)
        #expect(mail.refusal("selectTab", toScreenID: mailboxes, ["tab": 1])?.kind == .invalidPayload)
        #expect(mail.refusal("selectTab", toScreenID: mailboxes, ["tab": "mail", "x": true])?.kind == .invalidPayload)
        #expect(mail.refusal("selectTab", toScreenID: "s99", ["tab": "mail"])?.kind == .screenNotActive)
    }

    @Test func aRecordingRouterSeesEachCallAndItsSlot() throws {
        let log = RouterCallLog()
        let session = try Session(id: "recorded", flow: MailFlow.flow, context: nil, routerLog: log)
        let mailboxes = try #require(session.stack.entries.first?.screen.id)
        try session.send(ClientEvent(screen: mailboxes, event: "open", payload: ["mailbox": "inbox"]))
        #expect(
            log.entries.map { "\($0.coordinator): \($0.call) in \($0.slot)" } == [
                "MailAppCoordinator: setTabs(mail, settings) in the session's stack",
                "MailboxesCoordinator: setSplit in tab 'mail'",
                "MailboxesCoordinator: setRoot(mailboxes) in the primary column of tab 'mail'",
                "MailboxesCoordinator: setRoot(empty) in the secondary column of tab 'mail'",
                "MailSettingsCoordinator: setRoot(mailSettings) in tab 'settings'",
                "MailAppCoordinator: selectTab(mail) in the session's stack",
                "MailboxesCoordinator: push(messages) in the primary column of tab 'mail'",
            ])
    }
}

extension FlowSession {
    /// The events the document lists for the shown screen called `name`.
    func acceptedEventsOf(_ name: String) throws -> [String] {
        let entry = try JSONParser.parse(session.document())["stack"]?.arrayValue?.last { $0["name"]?.stringValue == name }
        return (entry?["events"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }
}
