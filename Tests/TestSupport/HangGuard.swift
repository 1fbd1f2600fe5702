import Foundation
import Testing

/// The second line of defence against a test that hangs, beside every
/// suite's `.timeLimit`: `@Suite("…", .timeLimit(.minutes(N)), .hangGuard)`.
///
/// Swift Testing's time limit records a failure when a test overruns it
/// and cancels the test's task, but a test blocked in a synchronous wait (a
/// lock, a semaphore, a read) never looks at its task: the run would stay
/// stuck. The hang guard arms an alarm on a thread of its own for each test
/// case, one minute past the test's time limit. When it rings, the test
/// process writes which test is stuck, a thread dump of itself and the
/// output of every child it still runs to stderr, kills those children and
/// exits with status 1 (without atexit handlers): `swift test`, `make test` and CI fail instead of
/// waiting forever.
///
/// A suite with the guard and no time limit fails each of its tests.
public struct HangGuard: SuiteTrait, TestTrait, TestScoping {
    /// How long past its time limit a test may still run before the process
    /// ends: a minute, or `HANG_GUARD_GRACE_SECONDS` (HangGuardTests shortens
    /// it for the test process it launches).
    public static let grace: Duration = .seconds(
        ProcessInfo.processInfo.environment["HANG_GUARD_GRACE_SECONDS"].flatMap { Int($0) } ?? 60)

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite itself: its tests get a scope (and an alarm) each.
        guard testCase != nil || !test.isSuite else { return try await function() }
        guard let limit = test.timeLimit else {
            Issue.record("\(test.name) has the hang guard but no .timeLimit: give its suite one", sourceLocation: test.sourceLocation)
            return try await function()
        }
        let alarm = Watchdog.shared.arm(after: limit + Self.grace, for: "\(test.name) (\(test.sourceLocation))")
        defer { Watchdog.shared.disarm(alarm) }
        try await function()
    }
}

extension Trait where Self == HangGuard {
    /// Ends the test process when a test outlives its time limit by
    /// ``HangGuard/grace`` (see ``HangGuard``).
    public static var hangGuard: Self { HangGuard() }
}

/// The alarms of the tests that run, watched by one thread that does
/// nothing else (a thread of the shared pools could itself be among the
/// blocked ones). `@unchecked Sendable`: its state is guarded by `condition`.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog()

    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var alarms: [Int: (deadline: ContinuousClock.Instant, test: String)] = [:]
    private var nextAlarm = 0
    private var started = false

    func arm(after duration: Duration, for test: String) -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextAlarm += 1
        alarms[nextAlarm] = (ContinuousClock.now + duration, test)
        if !started {
            started = true
            let thread = Thread { [self] in watch() }
            thread.name = "hang guard"
            thread.start()
        }
        condition.signal()
        return nextAlarm
    }

    func disarm(_ alarm: Int) {
        condition.lock()
        alarms[alarm] = nil
        condition.unlock()
    }

    private func watch() {
        condition.lock()
        while true {
            let now = ContinuousClock.now
            if let expired = alarms.values.first(where: { $0.deadline <= now }) {
                condition.unlock()
                Self.endTheRun(stuckIn: expired.test)
            }
            let next = alarms.values.map(\.deadline).min() ?? now + .seconds(3600)
            let seconds = Double((next - now).components.seconds) + Double((next - now).components.attoseconds) / 1e18
            _ = condition.wait(until: Date(timeIntervalSinceNow: max(0.05, seconds)))
        }
    }

    private static func endTheRun(stuckIn test: String) -> Never {
        let report = """

            HANG: \(test) is still running \(HangGuard.grace) after its time limit.
            Ending the test run: a thread dump of the test process and the output of its running children follow.

            \(ThreadDump.of(pid: getpid()))
            \(ChildProcess.reportAndKillAll())
            HANG: \(test): the test process exits with status 1.

            """
        fflush(nil)
        FileHandle.standardError.write(Data(report.utf8))
        // Not exit(): the atexit handlers could wait on the stuck threads.
        _exit(1)
    }
}
