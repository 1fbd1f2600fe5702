import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// What an instance does with the pending effects of a session it has just
/// read from its store, when it is not performing them itself.
@Suite("Effects resumed from the store", .timeLimit(.minutes(10)), .hangGuard)
struct EffectResumeTests {
    private static let secretLogin = EffectRequest(
        id: "e1", name: "auth.login", input: ["username": "ada", "password": .string(SecretField.placeholder)],
        coordinator: "c2", version: 2)

    private func startedLogins(_ runner: EffectRunner) -> Int {
        runner.counters.snapshot().perName["auth.login"]?.started ?? 0
    }

    /// On a shared store, another instance may still be performing a
    /// sign-in it was asked for a moment ago: interrupting it would fail a
    /// login that is going well. It is left until it is older than the timeout.
    @Test func aYoungSecretEffectOnASharedStoreIsLeftToTheInstanceThatAsked() {
        let runner = EffectRunner(options: EffectOptions(timeout: 10), storeIsShared: true)
        runner.resume([Self.secretLogin], of: "s", requestedAt: { _ in 1_000 }, now: 2_000)
        #expect(startedLogins(runner) == 0)
        #expect(runner.counters.snapshot().perName["auth.login"]?.outcomes["interrupted"] == nil)
    }

    /// Older than the timeout, the instance that asked is taken for dead:
    /// a secret input cannot be sent again, so the effect is interrupted.
    @Test func anOldSecretEffectOnASharedStoreIsInterrupted() {
        let runner = EffectRunner(options: EffectOptions(timeout: 10), storeIsShared: true)
        runner.resume([Self.secretLogin], of: "s", requestedAt: { _ in 1_000 }, now: 12_000)
        #expect(startedLogins(runner) == 1)
        #expect(runner.counters.snapshot().perName["auth.login"]?.outcomes["interrupted"] == 1)
    }

    /// With a store of its own, nothing else can be performing it: after a
    /// restart a secret effect is interrupted at once.
    @Test func aSecretEffectOnAnExclusiveStoreIsInterruptedAtOnce() {
        let runner = EffectRunner(options: EffectOptions(timeout: 10), storeIsShared: false)
        runner.resume([Self.secretLogin], of: "s", requestedAt: { _ in 1_000 }, now: 1_500)
        #expect(runner.counters.snapshot().perName["auth.login"]?.outcomes["interrupted"] == 1)
    }
}
