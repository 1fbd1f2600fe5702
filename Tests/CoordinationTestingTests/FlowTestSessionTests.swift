import CoordinationTesting
import TestSupport
import Testing

@Suite("FlowTestSession: a flow driven in-process", .timeLimit(.minutes(10)), .hangGuard)
struct FlowTestSessionTests {
    @Test func startsOnTheFlowsFirstScreen() throws {
        let shop = try FlowTestSession(flow: ShopFlow.flow)
        #expect(shop.stack.map(\.description) == ["catalog:root"])
        #expect(shop.stack.first?.title == "Catalog")
        #expect(shop.routerCalls.map(\.operation) == [.setRoot])
        #expect(shop.coordinators.description == "ShopCoordinator")
        #expect(shop.version == 1)
        #expect(shop.document["stack"]?.arrayValue?.first?["name"] == "catalog")
        #expect(shop.invariantProblems == [])
    }

    @Test func anEventAnswersTheRouterCallsItMadeInOrder() throws {
        let shop = try FlowTestSession(flow: ShopFlow.flow)
        let calls = try shop.send("open", payload: ["item": "tea"])
        #expect(calls.map(\.operation) == [.push])
        #expect(calls.map(\.screen) == ["detail"])
        #expect(calls.map(\.coordinator) == ["DetailCoordinator"])
        #expect(shop.stack.last == ShownScreen(id: "s2", name: "detail", title: "Tea", params: ["item": "tea"], presentation: .push))
        #expect(shop.coordinators.description == "ShopCoordinator[DetailCoordinator]")

        let back = try shop.send("back")
        #expect(back.map(\.operation) == [.pop])
        #expect(back.first?.byUser == true)
        #expect(shop.coordinators.typeNames == ["ShopCoordinator"])
        #expect(shop.routerCalls.map(\.operation) == [.setRoot, .push, .pop])
        #expect(shop.routerCalls(since: 2).map(\.operation) == [.pop])
    }

    @Test func refusalsAreTheAPIsProblemsAndChangeNothing() throws {
        let shop = try FlowTestSession(flow: ShopFlow.flow)
        let before = shop.document
        let payload = #expect(throws: NavigationError.self) { try shop.send("open", payload: ["item": "bread"]) }
        #expect(payload?.kind == .invalidPayload)
        let unknown = #expect(throws: NavigationError.self) { try shop.send("teleport") }
        #expect(unknown?.kind == .eventNotAccepted)
        #expect(unknown?.acceptedEvents == ["open"])
        let noScreen = #expect(throws: NavigationError.self) { try shop.send("buy", on: "detail") }
        #expect(noScreen?.kind == .screenNotActive)
        #expect(noScreen?.detail.contains("no screen called 'detail'") == true)

        try shop.send("open", payload: ["item": "jam"])
        let hidden = #expect(throws: NavigationError.self) { try shop.send("open", payload: ["item": "tea"], on: "catalog") }
        #expect(hidden?.kind == .screenNotActive)
        let blank = #expect(throws: NavigationError.self) { try shop.send("note", payload: ["note": "  "]) }
        #expect(blank?.kind == .eventRejected)
        #expect(blank?.detail == "a note cannot be blank")
        try shop.send("back")
        #expect(shop.document["stack"] == before["stack"])
        #expect(shop.version == 3)
    }

    @Test func effectsWaitForTheTestToAnswerThem() throws {
        let shop = try FlowTestSession(flow: ShopFlow.flow)
        try shop.send("open", payload: ["item": "cake"])
        #expect(try shop.send("buy") == [])
        #expect(shop.pendingEffects.map(\.name) == ["orders.place"])
        #expect(shop.pendingEffects.first?.input == ["item": "cake"])
        #expect(shop.document["effects"]?.arrayValue?.first?["name"] == "orders.place")

        let missing = #expect(throws: NavigationError.self) { try shop.complete("payments.charge", with: .success([:])) }
        #expect(missing?.detail == "no effect called 'payments.charge' is pending; pending: orders.place")

        let shown = try shop.complete("orders.place", with: .success(["id": "o1"]))
        #expect(shown.map(\.operation) == [.present])
        #expect(shop.stack.map(\.description) == ["catalog:root", "detail:push", "receipt:sheet"])
        #expect(shop.pendingEffects.isEmpty)

        let done = try shop.send("done")
        #expect(done.map(\.operation) == [.dismiss, .pop])
        #expect(shop.coordinators.description == "ShopCoordinator")
    }

    @Test func aFailedEffectIsAnsweredToo() throws {
        let shop = try FlowTestSession(flow: ShopFlow.flow)
        try shop.send("open", payload: ["item": "tea"])
        try shop.send("buy")
        try shop.complete("orders.place", with: .failure(EffectFailure(.unavailable)))
        #expect(shop.stack.last?.name == "orderFailed")
        #expect(try shop.send("dismiss").map(\.operation) == [.dismiss])
    }

    @Test func linksAtTheStartAndOnTheLiveSession() throws {
        let shop = try FlowTestSession(flow: ShopFlow.flow, link: "/items/jam")
        #expect(shop.stack.map(\.name) == ["catalog", "detail"])
        let calls = try shop.open(link: "/items/tea")
        #expect(calls.map(\.operation) == [.popToRoot, .push])
        #expect(shop.stack.last?.params == ["item": "tea"])
        let refused = #expect(throws: NavigationError.self) { try shop.open(link: "/items/bread") }
        #expect(refused?.kind == .linkRejected)
        let unknown = #expect(throws: NavigationError.self) { try FlowTestSession(flow: ShopFlow.flow, link: "/nowhere") }
        #expect(unknown?.kind == .unknownLink)
    }

    @Test func aSessionReplayedFromItsJournalShowsTheSameDocument() throws {
        let shop = try FlowTestSession(flow: ShopFlow.flow)
        try shop.send("open", payload: ["item": "cake"])
        try shop.send("buy")
        try shop.complete("orders.place", with: .success(["id": "o7"]))
        let replayed = try shop.replayed()
        #expect(replayed.document == shop.document)
        #expect(replayed.routerCalls == shop.routerCalls)
        #expect(replayed.invariantProblems == [])
        try replayed.send("done")
        #expect(replayed.document != shop.document)
    }

    @Test func aFinishedSessionRefusesEvents() throws {
        let shop = try FlowTestSession(flow: ShopFlow.flow)
        #expect(!shop.isFinished)
        shop.session.end()
        #expect(shop.isFinished)
        let refused = #expect(throws: NavigationError.self) { try shop.send("open", payload: ["item": "tea"]) }
        #expect(refused?.kind == .sessionFinished)
    }

    @Test func theInvariantsNameAFinishedCoordinatorKeptAlive() throws {
        let shop = try FlowTestSession(flow: ShopFlow.leaky)
        try shop.send("open", payload: ["item": "tea"])
        #expect(shop.invariantProblems == [])
        try shop.send("back")
        #expect(shop.invariantProblems.contains { $0.hasPrefix("DetailCoordinator") && $0.hasSuffix("left the tree but is still alive") })
    }
}
