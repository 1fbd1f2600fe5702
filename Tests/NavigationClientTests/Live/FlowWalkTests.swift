import NavigationClient
import TestSupport
import Testing

/// The three built-in flows walked end to end through the model, against the real server.
@Suite("NavigationModel: the built-in flows end to end", .timeLimit(.minutes(10)), .hangGuard)
@MainActor
struct FlowWalkTests {
    @Test func flowsAreListedWithTheirContextAndLinks() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let flows = try await NavigationClient(baseURL: server.url).flows()
        #expect(flows.map(\.name) == ["app", "exchange", "mail"])
        #expect(flows[0].context.map(\.name) == ["onboarded", "token"])
        #expect(flows[1].links.map(\.pattern) == ["/rates", "/rates/{code}"])
    }

    @Test func app() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let model = try await NavigationClient(baseURL: server.url).start(flow: "app")
        #expect(model.names == ["welcome"])
        try await model.send("next")
        #expect(model.names == ["welcome", "features"])
        #expect(model.lastChanges == [.push(model.document.stack[1], in: .stack)])
        try await model.send("next")
        #expect(model.names == ["login"])

        // The view model refuses empty input without navigating; the screen says why.
        try await model.send("login", payload: ["username": "", "password": ""])
        #expect(model.names == ["login"])
        #expect(model.document.topScreen?.params["error"]?.stringValue?.isEmpty == false)
        #expect(model.lastChanges.count == 1)
        #expect({ if case .update = model.lastChanges.first { true } else { false } }())

        try await model.send("login", payload: ["username": "ada", "password": "secret"])
        #expect(model.names == ["home"])
        #expect(model.lastChanges == [.setRoot(model.document.stack, in: .stack)])

        try await model.send("selectProfile")
        #expect(model.document.topScreen?.params["username"] == "ada")
        try await model.back()
        #expect(model.names == ["home"])

        try await model.send("openSettings")
        let notifications = model.document.topScreen?.params["notifications"]
        try await model.send("toggleNotifications")
        #expect(model.document.topScreen?.params["notifications"] != notifications)
        try await model.back()

        try await model.send("checkout")
        let sheet = try #require(model.sheet)
        #expect(sheet.root.name == "cart")
        #expect(model.lastChanges == [.present(sheet)])
        try await model.send("next")
        try await model.send("next", payload: ["street": "1 Main Street"])
        try await model.send("pay", payload: ["card": "4242 4242 4242 4242"])
        #expect(model.screens(in: .modal(0)).map(\.name) == ["cart", "address", "payment", "confirmation"])
        #expect(model.path(in: .modal(0)).count == 3)
        try await model.send("done")
        #expect(model.sheet == nil)
        #expect({ if case .dismiss = model.lastChanges.first { true } else { false } }())

        try await model.open(link: "/profile")
        #expect(model.names == ["home", "profile"])
        try await model.open(link: "/home")
        try await model.send("logout")
        #expect(model.names == ["login"])

        try await model.end()
        #expect(model.isEnded)
        await #expect(throws: ClientError.ended) { try await model.send("login", payload: ["username": "a", "password": "b"]) }
    }

    @Test func aLinkAtStartIsHeldUntilLogin() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let model = try await NavigationClient(baseURL: server.url).start(flow: "app", context: ["onboarded": true], link: "/settings")
        #expect(model.names == ["login"])
        #expect(model.document.pendingLink == "/settings")
        try await model.send("login", payload: ["username": "ada", "password": "secret"])
        #expect(model.names == ["home", "settings"])
        #expect(model.document.pendingLink == nil)
    }

    @Test func exchange() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let model = try await NavigationClient(baseURL: server.url).start(flow: "exchange")
        let select = try #require(model.activeScreens.first?.event(named: "select"))
        #expect(select.fields.first?.allowedValues == ["USD", "EUR", "JPY", "GBP", "CNY"])

        try await model.send("select", payload: ["code": "USD"])
        let calculator = try #require(model.document.topScreen)
        #expect(model.lastChanges == [.push(calculator, in: .stack)])
        #expect(model.path(in: .stack) == [calculator.id])

        try await model.send("convert", payload: ["amount": 100])
        #expect(model.document.topScreen?.params["result"]?.numberValue == 138_050)
        #expect(model.lastChanges == [.update(try #require(model.document.topScreen), in: .stack)])

        try await model.send("close")
        #expect(model.names == ["rates"])
        try await model.open(link: "/rates/EUR")
        #expect(model.document.topScreen?.params["item"]?["code"] == "EUR")

        // A refusal says why and changes nothing.
        await #expect(throws: ClientError.self) { try await model.send("convert", payload: ["amount": "lots"]) }
        #expect(model.lastError?.problem?.kind == "invalid-payload")
        #expect(model.lastError?.problem?.errors?.first?.field == "amount")
        await #expect(throws: ClientError.notAccepted(event: "teleport")) { try await model.send("teleport") }
        await #expect(throws: ClientError.self) { try await model.open(link: "/rates/XXX") }
        #expect(model.lastError?.problem?.kind == "link-rejected")
        #expect(model.version == 5)
        #expect(model.inFlight.isEmpty)
    }

    @Test func mail() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let model = try await NavigationClient(baseURL: server.url).start(flow: "mail")
        #expect(model.tabs.map(\.id) == ["mail", "settings"])
        #expect(model.selectedTab == "mail")
        #expect(model.slots == [.primary(tab: "mail"), .secondary(tab: "mail"), .tab("settings")])
        #expect(model.activeScreens.map(\.name) == ["mailboxes", "empty"])

        try await model.send("open", payload: ["mailbox": "inbox"])
        let messages = try #require(model.screens(in: .primary(tab: "mail")).last)
        #expect(messages.name == "messages")
        #expect(model.lastChanges == [.push(messages, in: .primary(tab: "mail"))])

        try await model.send("read", payload: ["message": "m1"])
        let message = try #require(model.root(of: .secondary(tab: "mail")))
        #expect(message.name == "message")
        #expect(model.lastChanges.contains(.showDetail(message, tab: "mail")))
        #expect(model.activeScreens.map(\.name) == ["messages", "message"])

        try await model.send("reply")
        #expect(model.sheet?.root.name == "compose")
        #expect(model.activeScreens.map(\.name) == ["compose"])
        try await model.send("send", payload: ["body": "Thanks!"])
        #expect(model.sheet == nil)

        try await model.send("archive")
        #expect(model.root(of: .secondary(tab: "mail"))?.name == "empty")

        try await model.selectTab("settings")
        #expect(model.selectedTab == "settings")
        #expect(model.activeScreens.map(\.name) == ["mailSettings"])
        let signature = model.activeScreens.first?.params["signature"]
        try await model.send("toggleSignature")
        #expect(model.activeScreens.first?.params["signature"] != signature)
        try await model.selectTab("mail")
        #expect(model.activeScreens.map(\.name) == ["messages", "empty"])
    }
}
