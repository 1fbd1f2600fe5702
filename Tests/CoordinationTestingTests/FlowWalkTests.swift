import CoordinationTesting
import TestSupport
import Testing

@Suite("FlowWalk: random walks through a flow", .timeLimit(.minutes(10)), .hangGuard)
struct FlowWalkTests {
    private static func orders(_ effect: EffectRequest, using random: inout SessionRandom) -> EffectOutcome? {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: .success(["id": "o1"])
        case 1: .failure(EffectFailure(.unavailable))
        default: nil
        }
    }

    @Test func aSoundFlowWalksEveryStep() throws {
        let report = try FlowWalk.random(
            ShopFlow.flow, steps: 500, seed: 7, links: ["/items/tea", "/items/bread", "/nowhere"], outcome: Self.orders)
        #expect(report.steps == 500)
        #expect(report.screens == ["catalog", "detail", "receipt", "orderFailed"])
        #expect(report.replays > 0)
        #expect(report.accepted > 250)
        #expect(report.refusals[.eventRejected, default: 0] > 0)
        #expect(report.refusals[.linkRejected, default: 0] > 0)
    }

    @Test func theSameSeedWalksTheSamePath() throws {
        let first = try FlowWalk.random(ShopFlow.flow, steps: 200, seed: 42, outcome: Self.orders)
        let again = try FlowWalk.random(ShopFlow.flow, steps: 200, seed: 42, outcome: Self.orders)
        #expect(first.accepted == again.accepted)
        #expect(first.refusals == again.refusals)
        #expect(first.replays == again.replays)
    }

    @Test func aPlantedLeakIsFoundWithItsSeed() throws {
        let failure = #expect(throws: FlowWalkFailure.self) { try FlowWalk.random(ShopFlow.leaky, steps: 500, seed: 1234) }
        let found = try #require(failure)
        #expect(found.seed == 1234)
        #expect(found.problems.contains { $0.contains("DetailCoordinator") && $0.contains("left the tree but is still alive") })
        #expect(found.path.count >= 2)
        #expect(found.description.hasPrefix("flow walk with seed 1234 broke at step \(found.step):"))
        // The seed walks the same path to the same failure.
        let again = #expect(throws: FlowWalkFailure.self) { try FlowWalk.random(ShopFlow.leaky, steps: 500, seed: 1234) }
        #expect(again?.step == found.step)
        #expect(again?.path == found.path)
    }

    @Test func aHandlerThatFailsBreaksTheWalk() throws {
        let failure = #expect(throws: FlowWalkFailure.self) { try FlowWalk.random(BrokenFlow.flow, steps: 100, seed: 3) }
        #expect(failure?.problems.first?.hasPrefix("a handler failed:") == true)
        #expect(failure?.path.last?.hasSuffix("→ flowFailure") == true)
    }

    @Test func aFlowThatFinishesIsStartedAgain() throws {
        let report = try FlowWalk.random(FinishingFlow.flow, steps: 50, seed: 9)
        #expect(report.sessions > 10)
    }
}

/// A flow whose `pop` on its root screen is a misuse of the router.
private enum BrokenFlow {
    static let flow = Flow(name: "broken", description: "Pops its root.") { environment in BrokenCoordinator(environment: environment) }

    final class BrokenCoordinator: Coordinator {
        override func start() {
            router.setRoot(Screen("home").on("go") { [unowned self] _ in router.pop() })
        }
    }
}

/// A flow whose one event finishes it.
private enum FinishingFlow {
    static let flow = Flow(name: "finishing", description: "Finishes.") { environment in Root(environment: environment) }

    final class Root: Coordinator {
        override func start() {
            router.setRoot(Screen("home").on("finish") { [unowned self] _ in finish() })
        }
    }
}
