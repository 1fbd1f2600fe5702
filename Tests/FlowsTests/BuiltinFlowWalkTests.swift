import CoordinationTesting
import FlowTestSupport
import TestSupport
import Testing

@testable import Flows

/// The built-in flows walked by the kit teams test their own flows with
/// (`CoordinationTesting`'s ``FlowWalk``): its invariants are those of
/// docs/ARCHITECTURE.md#invariants-every-flow-keeps, and the effects are
/// answered by the demo services, or fail, or wait.
@Suite("The built-in flows under FlowWalk", .timeLimit(.minutes(10)), .hangGuard)
struct BuiltinFlowWalkTests {
    private static let steps = 500
    private static let seeds: [UInt64] = [1, 2, 3, 4]

    /// A demo service's answer half the time; else a failure, or nothing yet.
    private static func demoOutcome(_ effect: EffectRequest, using random: inout SessionRandom) -> EffectOutcome? {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return nil
        case 1: return .failure(EffectFailure(.unavailable))
        default: return try? DemoEffects.outcome(of: effect, sessionID: "walk")
        }
    }

    @Test(arguments: seeds)
    func app(seed: UInt64) throws {
        for context: JSONValue in [["onboarded": false], ["onboarded": true, "token": "saved"]] {
            let report = try FlowWalk.random(
                AppFlow.flow, steps: Self.steps, seed: seed, context: context,
                links: ["/home", "/profile", "/settings", "/checkout", "/nowhere"], outcome: Self.demoOutcome)
            print("walk of app, seed \(seed), \(context): \(report)")
            #expect(report.accepted > Self.steps / 2)
        }
    }

    @Test(arguments: seeds)
    func exchange(seed: UInt64) throws {
        let report = try FlowWalk.random(
            ExchangeFlow.flow, steps: Self.steps, seed: seed, links: ["/rates", "/rates/USD", "/rates/XXX"], outcome: Self.demoOutcome)
        print("walk of exchange, seed \(seed): \(report)")
        #expect(report.screens == ["rates", "calculator"])
    }

    @Test(arguments: seeds)
    func mail(seed: UInt64) throws {
        let report = try FlowWalk.random(
            MailFlow.flow, steps: Self.steps, seed: seed, links: ["/mailboxes/archive", "/messages/m2", "/messages/m9"],
            outcome: Self.demoOutcome)
        print("walk of mail, seed \(seed): \(report)")
        #expect(report.screens.isSuperset(of: ["mailboxes", "messages", "message", "mailSettings"]))
    }
}
