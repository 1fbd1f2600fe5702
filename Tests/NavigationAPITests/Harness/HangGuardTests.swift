import Foundation
import TestSupport
import Testing

/// The hang guard ends a test run that a blocked test would keep waiting
/// for ever: it runs this test binary again, on a test that blocks only
/// there (`HANG_GUARD_DEMO`), with a one-second grace past its one-minute
/// time limit.
@Suite("Hang guard", .timeLimit(.minutes(10)), .hangGuard)
struct HangGuardTests {
    @Test func aBlockedTestEndsTheRunWithItsNameAndAThreadDump() throws {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let run = try ChildProcess(
            testBinary, ["--testing-library", "swift-testing", "--filter", "HangGuardDemo"],
            environment: ["HANG_GUARD_DEMO": "1", "HANG_GUARD_GRACE_SECONDS": "1"])
        let exit = try run.waitForExit(within: WaitBound.threads)
        #expect(exit == ChildProcess.Exit(status: 1, exited: true), "\(run.errorOutput.suffix(4000))")
        let report = run.errorOutput + run.output
        #expect(report.contains("Time limit was exceeded"), "Swift Testing's own limit comes first")
        #expect(report.contains("HANG: blocksUntilTheHangGuardEndsTheRun()"))
        #expect(report.contains("threads of process \(run.pid)"))
    }
}

/// Blocks for ever, when asked to: the test run the test above launches.
@Suite("Hang guard demo", .timeLimit(.minutes(1)), .hangGuard)
struct HangGuardDemo {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["HANG_GUARD_DEMO"] == "1"))
    func blocksUntilTheHangGuardEndsTheRun() {
        DispatchSemaphore(value: 0).wait()
    }
}
