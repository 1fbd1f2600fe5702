import CoordinationTesting
import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// Random event sequences, deep links among them (known, unknown, refused and
/// malformed), against both built-in flows, with docs/ARCHITECTURE.md's
/// invariants checked after every single event, and restarts injected at random
/// steps: the session is rebuilt from its journal, as after a server restart
/// (docs/durability.md#the-journal), must show the same document and history,
/// and the walk goes on with the rebuilt one.
@Suite("Flow invariants under random events", .timeLimit(.minutes(10)), .hangGuard)
struct FlowInvariantPropertyTests {
    private static let sessionsPerFlow = 100
    private static let eventsPerSession = 60
    /// The share of steps, in percent, before which the session is restarted.
    private static let restartPercent = 10
    /// Restart points come from a generator of their own, seeded from the
    /// walk's seed, so that a seed replays the same events with or without
    /// them (a restored session shows the client the same document) and the
    /// same restarts.
    private static let restartSeedSalt: UInt64 = 0x5E57_A127

    /// What one flow's walk covered.
    private struct Coverage {
        var events = 0, accepted = 0, restarts = 0, outcomes = 0
        var refusals: [NavigationError.Kind: Int] = [:]
        var screens: Set<String> = []
    }

    private func walk(
        _ flow: Flow, seedBase: UInt64, links: [String] = [], rejectedLinks: [String] = [],
        context: (inout SplitMix64) -> JSONValue?
    ) throws -> Coverage {
        var coverage = Coverage()
        var limits = SessionLimits()
        limits.maxHistoryLength = 10_000
        for index in 0..<Self.sessionsPerFlow {
            let seed = seedBase + UInt64(index)
            var client = RandomClient(rng: SplitMix64(seed: seed), links: links, rejectedLinks: rejectedLinks)
            var restarts = SplitMix64(seed: seed ^ Self.restartSeedSalt)
            var session = try Session(id: "random-\(seed)", flow: flow, context: context(&client.rng), limits: limits)
            var invariants = FlowInvariants()
            var accepted = 0
            for step in 0..<Self.eventsPerSession {
                if restarts.chance(Self.restartPercent) {
                    let (restored, problems) = Self.restart(session)
                    coverage.restarts += 1
                    // The old tree is let go here: the invariants then see any part of it still alive.
                    if let restored { session = restored }
                    let allProblems = problems + invariants.problems(in: session) + Self.versionProblems(session, accepted: accepted)
                    guard allProblems.isEmpty else {
                        Issue.record("seed \(seed), restart before event \(step + 1):\n  \(allProblems.joined(separator: "\n  "))")
                        break
                    }
                }
                // Now and then a service answers an effect a screen asked for.
                if let effect = session.pendingEffects.first, client.rng.chance(Self.outcomePercent) {
                    try session.deliver(Self.randomOutcome(for: effect, using: &client.rng), to: effect.id)
                    accepted += 1
                    coverage.outcomes += 1
                    let problems = invariants.problems(in: session) + Self.versionProblems(session, accepted: accepted)
                    guard problems.isEmpty else {
                        Issue.record(
                            "seed \(seed), the outcome of \(effect.name) before event \(step + 1):\n  \(problems.joined(separator: "\n  "))"
                        )
                        break
                    }
                }
                let action = try client.nextAction(for: session)
                let before = (session.version, session.document(), session.historyDocument())
                var refusal: NavigationError?
                do {
                    try session.send(action.event, expectedVersion: action.expectedVersion)
                    accepted += 1
                } catch {
                    refusal = error
                    coverage.refusals[error.kind, default: 0] += 1
                }
                coverage.events += 1
                coverage.screens.formUnion(Self.visibleNames(session))

                var problems: [String] = []
                if refusal?.kind != action.expected {
                    problems.append("got \(refusal.map { "\($0)" } ?? "accepted")")
                }
                if refusal != nil, before != (session.version, session.document(), session.historyDocument()) {
                    problems.append("(d) the refused event changed the session")
                }
                problems += invariants.problems(in: session) + Self.versionProblems(session, accepted: accepted)
                guard problems.isEmpty else {
                    Issue.record("seed \(seed), event \(step + 1): \(action)\n  \(problems.joined(separator: "\n  "))")
                    break
                }
            }
            coverage.accepted += accepted
        }
        return coverage
    }

    /// How often, before an event, a pending effect gets its outcome.
    static let outcomePercent = 60

    /// What a service might answer: the demo service's answer, a refusal, or a failure.
    static func randomOutcome(for effect: EffectRequest, using rng: inout SplitMix64) -> EffectOutcome {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: .failure(EffectFailure(.rejected, reason: "No.", status: effect.name == "payments.charge" ? 402 : 401))
        case 1: .failure(EffectFailure(.unavailable))
        default:
            effect.name == "auth.login"
                ? .success(["user": ["name": "random"]]) : .success(["charge": "demo", "amount": 21])
        }
    }

    /// The names of the screens a user can touch: the top, or with containers
    /// and no modal the top of each visible stack.
    private static func visibleNames(_ session: Session) -> [String] {
        let state = session.liveState
        if !state.touchesVisibleStacks {
            return [session.stack.top?.screen.name ?? ""]
        }
        return state.visibleTops.map(\.entry.screen.name)
    }

    /// `session` rebuilt from its journal, and how it differs from the live
    /// one (nothing, or the rebuilt one is nil).
    private static func restart(_ session: Session) -> (Session?, [String]) {
        let restored: Session
        do {
            restored = try session.replayedFromJournal()
        } catch {
            return (nil, ["the journal did not replay: \(error)"])
        }
        let problems = session.differences(from: restored)
        return (problems.isEmpty ? restored : nil, problems)
    }

    /// The versions this walk counted: one per change it saw accepted.
    private static func versionProblems(_ session: Session, accepted: Int) -> [String] {
        session.version == 1 + accepted ? [] : ["version \(session.version) after \(accepted) accepted changes"]
    }

    /// 100 sessions × 60 events per flow: 18,000 events over the three, and
    /// about 1,800 restarts. The `mail` walk switches tabs, reads and
    /// archives at random, on whichever visible screen it picks, and opens
    /// its links (known and refused) from whatever state it is in.
    @Test(arguments: ["app", "exchange", "mail"])
    func randomEventsKeepEveryInvariant(flowName: String) throws {
        let clock = ContinuousClock()
        var coverage = Coverage()
        let elapsed = try clock.measure {
            switch flowName {
            case "app":
                coverage = try walk(AppFlow.flow, seedBase: 0xA_0000, links: ["/home", "/profile", "/settings", "/checkout"]) { rng in
                    ["onboarded": .bool(rng.chance(40)), "token": rng.chance(30) ? "saved" : nil]
                }
            case "exchange":
                coverage = try walk(
                    ExchangeFlow.flow, seedBase: 0xE_0000,
                    links: ["/rates", "/rates/USD", "/rates/EUR", "/rates/JPY", "/rates/GBP", "/rates/CNY"],
                    rejectedLinks: ["/rates/XXX", "/rates/usd"]
                ) { _ in nil }
            default:
                coverage = try walk(
                    MailFlow.flow, seedBase: 0x3A11_0000,
                    links: ["/mailboxes/inbox", "/mailboxes/archive", "/messages/m1", "/messages/m2", "/messages/m3", "/messages/m4"],
                    rejectedLinks: ["/mailboxes/spam", "/messages/m9", "/messages/M1"]
                ) { _ in nil }
            }
        }
        print(
            "property walk of \(flowName): \(coverage.events) events, \(coverage.accepted) accepted, "
                + "\(coverage.restarts) restarts, refusals \(coverage.refusals.map { "\($0.key)=\($0.value)" }.sorted()), in \(elapsed)")

        #expect(coverage.events == Self.sessionsPerFlow * Self.eventsPerSession)
        #expect(coverage.screens == Self.screens[flowName])
        var expectedRefusals: Set<NavigationError.Kind> = [.screenNotActive, .eventNotAccepted, .invalidPayload, .versionMismatch]
        switch flowName {
        // A login while one is under way (its outcome not delivered yet) is refused.
        case "app": expectedRefusals.formUnion([.unknownLink, .invalidLink, .eventRejected])
        case "exchange": expectedRefusals.formUnion([.unknownLink, .invalidLink, .linkRejected])
        // Mailboxes and messages are choices read from the params: an id they do not list is refused before any handler runs.
        default: expectedRefusals.formUnion([.unknownLink, .invalidLink, .linkRejected])
        }
        #expect(Set(coverage.refusals.keys) == expectedRefusals)
        #expect(coverage.accepted > coverage.events * 3 / 4)
        #expect(coverage.restarts > coverage.events * Self.restartPercent / 200)
    }

    private static let screens: [String: Set<String>] = [
        "app": [
            "welcome", "features", "login", "forgotPassword", "home", "profile", "settings",
            "cart", "address", "payment", "confirmation",
        ],
        "exchange": ["rates", "calculator"],
        "mail": ["mailboxes", "messages", "empty", "message", "compose", "mailSettings"],
    ]

    @Test func splitMix64MatchesTheReferenceSequence() {
        var rng = SplitMix64(seed: 0)
        #expect([rng.next(), rng.next(), rng.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }
}
