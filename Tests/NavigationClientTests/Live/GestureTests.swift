import NavigationClient
import TestSupport
import Testing

/// Gestures the platform already made (a swipe back, a sheet pulled down), reconciled with
/// the server: accepted, or refused and the server's stack put back.
@Suite("NavigationModel: swipes and stale models against the real server", .timeLimit(.minutes(10)), .hangGuard)
@MainActor
struct GestureTests {
    /// An `exchange` session at its calculator, and a second client on the same session (another device).
    private func calculator() async throws -> (LiveServer, NavigationModel, NavigationClient) {
        let server = try LiveServer()
        let client = NavigationClient(baseURL: server.url)
        let model = try await client.start(flow: "exchange")
        try await model.send("select", payload: ["code": "USD"])
        return (server, model, NavigationClient(baseURL: server.url))
    }

    /// An `app` session signed in (a saved token) with its checkout sheet up, moved `steps`
    /// screens on: 1 is the address, 2 the payment, 3 the confirmation.
    private func checkout(on server: LiveServer, steps: Int) async throws -> NavigationModel {
        let model = try await NavigationClient(baseURL: server.url).start(flow: "app", context: ["onboarded": true, "token": "t"])
        try await model.send("checkout")
        let moves: [(String, JSONObject?)] = [("next", nil), ("next", ["street": "1 Main Street"]), ("pay", ["card": "4242"])]
        for (event, payload) in moves.prefix(steps) { try await model.send(event, payload: payload) }
        return model
    }

    @Test func aSwipeBackIsShownAtOnceAndConfirmed() async throws {
        let (server, model, other) = try await calculator()
        defer { server.stop() }
        let rates = try #require(model.root(of: .stack))
        var seen: [[StackChange]] = []
        model.onChange = { _, changes in seen.append(changes) }
        try await model.userPopped(to: rates.id)
        #expect(seen.first == [.pop(to: rates, in: .stack)], "the pop is shown before the server answers")
        #expect(model.names == ["rates"])
        #expect(model.version == 3)
        #expect(model.lastError == nil)
        let onServer = try await other.session(model.sessionID)
        #expect(onServer.stack.map(\.name) == ["rates"])
    }

    @Test func aNavigationStackBindingThatShrinksIsASwipeBack() async throws {
        let (server, model, _) = try await calculator()
        defer { server.stop() }
        #expect(model.path(in: .stack).count == 1)
        model.setPath([], in: .stack)
        #expect(await eventually { model.version == 3 })
        #expect(model.names == ["rates"])
        // A longer path is no gesture: screens are pushed by coordinators.
        model.setPath(["s9"], in: .stack)
        #expect(model.names == ["rates"])
        #expect(model.inFlight.isEmpty)
    }

    @Test func aSwipeBackRefusedBecauseAnotherDeviceMovedOnPutsTheServersStackBack() async throws {
        let (server, model, other) = try await calculator()
        defer { server.stop() }
        let calculator = try #require(model.document.topScreen)
        _ = try await other.send("convert", payload: ["amount": 2], screen: calculator.id, session: model.sessionID, ifMatch: 2)
        var seen: [[StackChange]] = []
        model.onChange = { _, changes in seen.append(changes) }

        await #expect(throws: ClientError.self) { try await model.userPopped(to: "s1") }
        guard case .conflict(let problem) = model.lastError else {
            Issue.record("expected a conflict, got \(String(describing: model.lastError))")
            return
        }
        #expect(problem.kind == "version-mismatch")
        #expect(problem.currentVersion == 3)
        // The calculator is back, as the other device left it.
        #expect(model.names == ["rates", "calculator"])
        #expect(model.version == 3)
        #expect(model.document.topScreen?.params["result"]?.numberValue == 2761)
        #expect(model.document == model.confirmed)
        #expect(seen.count == 2)
        #expect(seen.first == [.pop(to: try #require(model.root(of: .stack)), in: .stack)])
        #expect(seen.last?.contains { if case .push(let screen, .stack) = $0 { screen.id == calculator.id } else { false } } == true)
        // The model is current again: the next swipe is accepted.
        try await model.userPopped(to: "s1")
        #expect(model.names == ["rates"])
    }

    @Test func aStaleModelRecoversFromPreconditionFailed() async throws {
        let (server, model, other) = try await calculator()
        defer { server.stop() }
        let screen = try #require(model.document.topScreen).id
        _ = try await other.send("convert", payload: ["amount": 1], screen: screen, session: model.sessionID, ifMatch: nil)
        await #expect(throws: ClientError.self) { try await model.send("convert", payload: ["amount": 10]) }
        #expect(model.lastError?.problem?.status == 412)
        #expect(model.version == 3, "the model fetched the session again")
        #expect(model.document.topScreen?.params["amount"]?.numberValue == 1)
        try await model.send("convert", payload: ["amount": 10])
        #expect(model.version == 4)
        #expect(model.lastError == nil)
    }

    @Test func aScreenThatTakesNoBackIsPutBackWithoutAsking() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let model = try await checkout(on: server, steps: 3)
        let before = model.version
        #expect(model.modals.last?.screens.last?.name == "confirmation")
        let payment = try #require(model.screens(in: .modal(0)).dropLast().last)
        await #expect(throws: ClientError.notAccepted(event: "back")) { try await model.userPopped(to: payment.id) }
        #expect(model.modals.last?.screens.last?.name == "confirmation")
        await #expect(throws: ClientError.notAccepted(event: "dismiss")) { try await model.userDismissed() }
        #expect(model.sheet != nil)
        #expect(model.version == before)
    }

    @Test func poppingSeveralScreensInAModalSendsOneBackEach() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let model = try await checkout(on: server, steps: 2)
        #expect(model.screens(in: .modal(0)).map(\.name) == ["cart", "address", "payment"])
        let before = model.version
        try await model.userPopped(to: try #require(model.sheet).root.id, in: .modal(0))
        #expect(model.screens(in: .modal(0)).map(\.name) == ["cart"])
        #expect(model.version == before + 2)
    }

    @Test func aSheetPulledDownIsDismissed() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let model = try await checkout(on: server, steps: 1)
        try await model.userDismissed()
        #expect(model.sheet == nil)
        #expect(model.names == ["home"])
        #expect(model.document.coordinators?.children.first?.children.isEmpty == true, "the checkout coordinator finished")
    }

    @Test func aTabSwitchRefusedGoesBackToTheServersTab() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let client = NavigationClient(baseURL: server.url)
        let model = try await client.start(flow: "mail")
        let mailboxes = try #require(model.activeScreens.first)
        _ = try await client.send("open", payload: ["mailbox": "inbox"], screen: mailboxes.id, session: model.sessionID, ifMatch: 1)
        var selections: [String?] = []
        model.onChange = { model, _ in selections.append(model.selectedTab) }
        await #expect(throws: ClientError.self) { try await model.selectTab("settings") }
        #expect(selections.first == "settings", "the tab bar switched at once")
        #expect(model.selectedTab == "mail")
        #expect(model.screens(in: .primary(tab: "mail")).map(\.name) == ["mailboxes", "messages"])
        try await model.selectTab("settings")
        #expect(model.selectedTab == "settings")
    }
}
