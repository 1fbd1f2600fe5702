import CoordinationTesting
import GreetingFlows
import Testing

/// The `greeting` flow driven as the server drives it, without a server:
/// `FlowTestSession` sends events by screen name and keeps every router call.
@Suite struct GreetingFlowTests {
    /// Each router call as `operation screen`, e.g. `push greeting`.
    private func calls(_ entries: [HistoryEntry]) -> [String] {
        entries.map { "\($0.operation.rawValue) \($0.screen)" }
    }

    @Test func aScriptedWalkMakesTheRouterCallsInOrder() throws {
        let session = try FlowTestSession(flow: GreetingFlow.flow)
        #expect(calls(session.routerCalls) == ["setRoot welcome"])
        #expect(session.coordinators.description == "AppCoordinator[WelcomeCoordinator]")

        // welcome reports the name; the root starts a child that pushes the greeting.
        #expect(try calls(session.send("greet", payload: ["name": "Ada", "language": "fr"])) == ["push greeting"])
        #expect(session.stack.map(\.description) == ["welcome:root", "greeting:push"])
        #expect(session.stack.last?.params["message"] == "Bonjour, Ada !")
        #expect(session.coordinators.description == "AppCoordinator[WelcomeCoordinator, GreetingCoordinator]")

        // A sheet over the greeting; choosing dismisses it, then greets again.
        #expect(try calls(session.send("changeLanguage")) == ["present languages"])
        #expect(session.stack.last?.presentation == .sheet)
        #expect(try calls(session.send("choose", payload: ["language": "es"])) == ["dismiss languages", "update greeting"])
        #expect(session.stack.last?.params["message"] == "¡Hola, Ada!")

        // The user's back: the router pops, the coordinator left without a
        // screen is finished and removed, and welcome shows who was greeted.
        let back = try session.send("back")
        #expect(calls(back) == ["pop greeting", "update welcome"])
        #expect(back.first?.byUser == true)
        #expect(session.stack.map(\.description) == ["welcome:root"])
        #expect(session.stack.first?.params["lastGreeted"] == "Ada")
        #expect(session.coordinators.description == "AppCoordinator[WelcomeCoordinator]")

        #expect(
            calls(session.routerCalls) == [
                "setRoot welcome", "push greeting", "present languages", "dismiss languages", "update greeting", "pop greeting",
                "update welcome",
            ])
        // Rebuilt from its journal, as after a restart: the same document.
        #expect(try session.replayed().document == session.document)
    }

    @Test func aRefusedEventSaysWhyAndChangesNothing() throws {
        let session = try FlowTestSession(flow: GreetingFlow.flow)
        let before = session.document

        let blank = #expect(throws: NavigationError.self) {
            try session.send("greet", payload: ["name": "  ", "language": "en"])
        }
        #expect(blank?.kind == .eventRejected)
        #expect(blank?.detail == "enter a name to greet")

        let unknown = #expect(throws: NavigationError.self) {
            try session.send("greet", payload: ["name": "Ada", "language": "de"])
        }
        #expect(unknown?.kind == .invalidPayload)

        #expect(session.document == before)
        #expect(calls(session.routerCalls) == ["setRoot welcome"])
    }

    /// 500 random steps, as a client that taps whatever the documents offer;
    /// a failure names the seed and the path, and the same seed walks it again.
    @Test func aRandomWalkBreaksNoInvariant() throws {
        let report = try FlowWalk.random(GreetingFlow.flow, steps: 500, seed: 2024)
        #expect(report.screens == ["welcome", "greeting", "languages"])
    }
}
