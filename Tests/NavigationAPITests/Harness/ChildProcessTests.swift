import Foundation
import TestSupport
import Testing

/// How a test's child fails it: a race report in its stderr, a first line
/// that never comes, an exit that never comes. Each ends with the child's
/// output and a thread dump in the failure, and the child killed.
@Suite("Children of tests", .timeLimit(.minutes(10)), .hangGuard)
struct ChildProcessTests {
    private static func shell(_ script: String) throws -> ChildProcess {
        try ChildProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script])
    }

    /// What ThreadSanitizer writes when it halts a process (halt_on_error).
    private static let raceReport = """
        echo '==================' >&2
        echo 'WARNING: ThreadSanitizer: data race (pid=4242)' >&2
        echo '  Write of size 8 at 0x7b0400000000 by thread T2:' >&2
        echo 'SUMMARY: ThreadSanitizer: data race' >&2
        """

    @Test func aRaceReportInAChildsStderrFailsTheTestThatWaitsForIt() throws {
        let child = try Self.shell(Self.raceReport + "\nexit 66")
        try withKnownIssue("the child's race report is an issue of this test") {
            _ = try child.waitForExit()
        } matching: { issue in
            "\(issue)".contains("WARNING: ThreadSanitizer: data race (pid=4242)")
        }
    }

    /// A child the test kills (or lets go out of scope) is still read for a report.
    @Test func aRaceReportFailsTheTestThatKillsTheChild() throws {
        let child = try Self.shell(Self.raceReport + "\necho ready\nexec sleep 600")
        #expect(try child.firstLine() == "ready")
        withKnownIssue("the child's race report is an issue of this test") {
            child.kill()
        } matching: { issue in
            "\(issue)".contains("data race (pid=4242)")
        }
    }

    /// Children get the test process's ThreadSanitizer options, and only
    /// when it runs under ThreadSanitizer (`make tsan`), whose children are
    /// built with it too.
    @Test func childrenGetThreadSanitizersOptionsUnderIt() throws {
        let child = try ChildProcess(URL(fileURLWithPath: "/usr/bin/env"), [], environment: ["ONLY": "this"])
        #expect(try child.waitForExit() == ChildProcess.Exit(status: 0, exited: true))
        let lines = Set(child.output.split(separator: "\n").map(String.init))
        if ThreadSanitizer.isActive {
            let options = try #require(lines.first { $0.hasPrefix("TSAN_OPTIONS=") })
            #expect(options.contains("halt_on_error=1"))
            #expect(options.contains("suppressions=") && options.contains(".ci/tsan-suppressions.txt"))
            #expect(lines.count == 2)
        } else {
            #expect(lines == ["ONLY=this"])
        }
    }

    @Test func aFirstLineThatNeverComesFailsWithTheChildsOutputAndThreads() throws {
        let child = try Self.shell("echo 'still starting' >&2; exec sleep 600")
        let error = #expect(throws: ChildProcessError.self) { try child.firstLine(within: 1) }
        let text = "\(error.map(String.init(describing:)) ?? "")"
        #expect(text.contains("waiting for a whole line on stdout"))
        #expect(text.contains("still starting"))
        #expect(text.contains("threads of process \(child.pid)"))
        #expect(!child.isRunning, "the hung child is killed")
    }

    @Test func anExitThatNeverComesFailsAndKillsTheChild() throws {
        let child = try Self.shell("exec sleep 600")
        #expect(throws: ChildProcessError.self) { try child.waitForExit(within: 1) }
        #expect(!child.isRunning)
    }

    @Test func aChildThatExitsBeforeItsFirstLineFailsAtOnce() throws {
        let child = try Self.shell("echo 'cannot bind' >&2; exit 2")
        let error = #expect(throws: ChildProcessError.self) { try child.firstLine() }
        #expect("\(error.map(String.init(describing:)) ?? "")".contains("cannot bind"))
    }

    @Test func aBoundedWaitSaysWhatItWaitedForWithAThreadDump() {
        let error = #expect(throws: WaitTimedOut.self) { try waitUntil("the impossible", within: 0.2) { false } }
        let text = error?.description ?? ""
        #expect(text.contains("waiting for the impossible"))
        #expect(text.contains("threads of process \(getpid())"))
    }
}
