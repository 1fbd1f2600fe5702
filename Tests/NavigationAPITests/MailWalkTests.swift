import Coordination
import TestSupport
import Testing

/// `mail` over HTTP: the layout of a tab bar with a split view, events on
/// the visible screens of both columns, 409 on a hidden one, `selectTab`,
/// and the history saying which tab and column each call changed.
@Suite("Walk: mail", .timeLimit(.minutes(10)), .hangGuard)
struct MailWalkTests {
    @Test func tabsAndSplitViewOverHTTP() throws {
        let server = try TestServer()
        let client = server.client()
        let flows = try #require(try client.request("GET", "/v1/flows").json?["flows"]?.arrayValue)
        #expect(flows.prefix(3).map { $0["name"] } == ["app", "exchange", "mail"])

        var session = try client.createSession("mail")
        #expect(session.stackNames == ["mailboxes", "empty"])
        let layout = try #require(session.document["layout"])
        #expect(layout["kind"] == "tabs" && layout["selected"] == "mail")
        #expect(layout["tabs"]?.arrayValue?.map { $0["title"] } == ["Mail", "Settings"])
        #expect(layout["tabs"]?.arrayValue?.first?["layout"]?["kind"] == "split")
        let mailboxes = try #require(session.stack.first?["id"]?.stringValue)

        // The primary column's top takes events while the secondary shows `empty`.
        var response = try client.send("open", ["mailbox": "inbox"], to: session, screen: mailboxes)
        #expect(response.status == 200, "\(response.text)")
        session.document = try #require(response.json)
        #expect(session.stackNames == ["mailboxes", "messages", "empty"])
        let messages = try #require(session.stack[1]["id"]?.stringValue)
        #expect(session.stack[1]["events"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["read", "back", "selectTab"])

        // mailboxes is under messages in its column: not visible.
        response = try client.send("open", ["mailbox": "archive"], to: session, screen: mailboxes)
        expectProblem(response, 409, "screen-not-active")

        response = try client.send("read", ["message": "m1"], to: session, screen: messages)
        #expect(response.status == 200, "\(response.text)")
        session.document = try #require(response.json)
        #expect(session.stackNames == ["mailboxes", "messages", "message"])
        #expect(session.topParams?["from"] == "Ada")
        #expect(session.coordinatorTypes.contains("MessageCoordinator"))

        // Another tab: the mail tab's screens are hidden, then come back unchanged.
        response = try client.send("selectTab", ["tab": "settings"], to: session, screen: messages)
        #expect(response.status == 200, "\(response.text)")
        session.document = try #require(response.json)
        #expect(session.stackNames == ["mailSettings"])
        #expect(session.document["layout"]?["selected"] == "settings")
        response = try client.send("read", ["message": "m2"], to: session, screen: messages)
        expectProblem(response, 409, "screen-not-active")
        response = try client.send("selectTab", ["tab": "calendar"], to: session)
        expectProblem(response, 422, "invalid-payload")
        try client.apply("selectTab", ["tab": "mail"], to: &session)
        #expect(session.stackNames == ["mailboxes", "messages", "message"])

        // Compose covers the whole split view.
        try client.apply("reply", to: &session)
        #expect(session.top?["presentation"] == "sheet")
        response = try client.send("read", ["message": "m2"], to: session, screen: messages)
        expectProblem(response, 409, "screen-not-active")
        try client.apply("send", ["body": "See you there"], to: &session)
        try client.apply("archive", to: &session)
        #expect(session.stackNames == ["mailboxes", "messages", "empty"])
        #expect(!session.coordinatorTypes.contains("MessageCoordinator"))

        let history = try #require(try client.request("GET", session.path + "/history").json?["entries"]?.arrayValue)
        #expect(history.first?["operation"] == "setTabs")
        #expect(history.first?["tabs"] == [["id": "mail", "title": "Mail"], ["id": "settings", "title": "Settings"]])
        let select = history.first { $0["operation"] == "selectTab" && $0["byUser"] == true }
        #expect(select?["tab"] == "settings")
        let read = history.first { $0["operation"] == "setRoot" && $0["screen"] == "message" }
        #expect(read?["tab"] == "mail" && read?["column"] == "secondary")
        let compose = history.first { $0["operation"] == "present" }
        #expect(compose?["tab"] == nil && compose?["column"] == nil)
    }

    /// Mail's links over HTTP: listed by `GET /v1/flows`, followed from the
    /// settings tab with the compose sheet's dismissal and the tab switch in
    /// the history, refused with 422 for an unknown message.
    @Test func mailLinksOverHTTP() throws {
        let server = try TestServer()
        let client = server.client()
        let flows = try #require(try client.request("GET", "/v1/flows").json?["flows"]?.arrayValue)
        let mail = try #require(flows.first { $0["name"] == "mail" })
        #expect(mail["links"]?.arrayValue?.compactMap { $0["pattern"]?.stringValue } == ["/mailboxes/{mailbox}", "/messages/{id}"])
        #expect(mail["links"]?.arrayValue?.allSatisfy { $0["description"]?.stringValue?.isEmpty == false } == true)

        var session = try client.createSession("mail")
        func open(_ link: String) throws -> TestResponse {
            try client.request("POST", session.path + "/links", json: ["link": .string(link)])
        }
        var response = try open("/messages/m2")
        #expect(response.status == 200, "\(response.text)")
        session.document = try #require(response.json)
        #expect(session.stackNames == ["mailboxes", "messages", "message"])
        #expect(session.topParams?["id"] == "m2")
        try client.apply("reply", to: &session)

        response = try open("/messages/m9")
        expectProblem(response, 422, "link-rejected")
        #expect(response.json?["detail"]?.stringValue?.contains("known messages: m1, m2, m3, m4") == true)
        #expect(try client.request("GET", session.path).body == session.document.encoded())

        response = try open("/mailboxes/archive")
        #expect(response.status == 200, "\(response.text)")
        session.document = try #require(response.json)
        #expect(session.stackNames == ["mailboxes", "messages", "message"])
        #expect(session.stack[1]["params"]?["mailbox"] == "archive")
        let history = try client.request("GET", session.path + "/history?since=\(session.version - 1)").json
        let entries = try #require(history?["entries"]?.arrayValue)
        #expect(entries.map { $0["operation"] } == ["dismiss", "popToRoot", "push"])
        #expect(entries.map { $0["coordinator"] } == ["MailAppCoordinator", "MailboxesCoordinator", "MailboxesCoordinator"])
        #expect(entries.map { $0["column"] } == [nil, "primary", "primary"])
        #expect(entries.dropFirst().allSatisfy { $0["tab"] == "mail" })

        // From the settings tab: the link selects the mail tab first.
        try client.apply("selectTab", ["tab": "settings"], to: &session)
        #expect(session.stackNames == ["mailSettings"])
        response = try open("/messages/m1")
        #expect(response.status == 200, "\(response.text)")
        session.document = try #require(response.json)
        #expect(session.document["layout"]?["selected"] == "mail")
        #expect(session.stackNames == ["mailboxes", "messages", "message"])
        #expect(session.topParams?["from"] == "Ada")
        let followed = try client.request("GET", session.path + "/history?since=\(session.version - 1)").json?["entries"]?.arrayValue
        #expect(followed?.map { $0["operation"] } == ["selectTab", "popToRoot", "push", "update", "update", "setRoot"])
        #expect(followed?.first?["tab"] == "mail" && followed?.first?["byUser"] == false)
        #expect(followed?.last?["column"] == "secondary")
    }

    @Test func plainSessionsHaveAStackLayout() throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("exchange")
        #expect(session.document["layout"] == ["kind": "stack", "stack": .array(session.stack)])
    }
}
