import Foundation
import TestSupport
import Testing

/// A `navigation-server` process on a free port, as an operator runs it:
/// started with flags and environment, stopped with a signal. A
/// ``ChildProcess``: its log is collected while it runs, every wait on it is
/// bounded, and under `make tsan` its race reports fail the test.
final class LaunchedServer {
    let child: ChildProcess
    let port: Int
    /// The process's working directory (its default `./data` journal):
    /// made for it, and removed once it has exited.
    private let workingDirectory: URL

    /// `openFiles` starts the server with those open-file limits (`ulimit
    /// -Sn`, `ulimit -Hn`; the hard one can only be lowered), through `sh`,
    /// which `exec`s it: the process id is the server's.
    init(
        _ arguments: [String], environment: [String: String] = [:], openFiles: (soft: Int, hard: Int)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let executable = try ServerExecutableTests.requireExecutable()
        // An answer that started effects (a login with the demo services) waits for their
        // outcomes however loaded the machine; a test of the wait itself passes its own.
        let arguments = ["--effect-wait", "30"] + arguments
        // The default store is file:./data: each launched server gets a
        // fresh working directory, so its journal is its own.
        workingDirectory = try Self.freshDirectory()
        if let openFiles {
            let limits = "ulimit -S -n \(openFiles.soft) && ulimit -H -n \(openFiles.hard) && exec \"$0\" \"$@\""
            child = try ChildProcess(
                URL(fileURLWithPath: "/bin/sh"), ["-c", limits, executable.path, "--port=0"] + arguments,
                environment: environment, directory: workingDirectory, sourceLocation: sourceLocation)
        } else {
            child = try ChildProcess(
                executable, ["--port=0"] + arguments, environment: environment, directory: workingDirectory,
                sourceLocation: sourceLocation)
        }
        let firstLine = try child.firstLine()
        let address = firstLine.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard let address, let port = Int(address), port > 0 else {
            child.kill()
            throw child.failure("did not start: its first line is \(firstLine.debugDescription)")
        }
        self.port = port
    }

    deinit {
        child.kill()
        try? FileManager.default.removeItem(at: workingDirectory)
    }

    var process: Process { child.process }

    func client() -> TestHTTPClient {
        TestHTTPClient(port: port)
    }

    /// Sends `signal` (none when nil, e.g. when another thread already
    /// did), waits for the exit (dumping and killing the server, and
    /// failing, after `seconds`), and returns the exit status and every log
    /// line.
    func stop(_ signal: Int32? = SIGTERM, seconds: Double = WaitBound.condition) throws -> (status: Int32, log: [String]) {
        if let signal { child.signal(signal) }
        let exit = try child.waitForExit(within: seconds)
        #expect(exit.exited, "navigation-server ended by signal \(exit.status)")
        return (exit.status, child.errorOutput.split(separator: "\n").map(String.init))
    }

    /// `kill -9`: the process gets no chance to flush or close anything.
    func killNow() {
        child.kill()
    }

    /// Runs `navigation-server healthcheck` with `arguments` and returns its exit status.
    static func healthcheck(_ arguments: [String], environment: [String: String] = [:]) throws -> Int32 {
        let child = try ChildProcess(try ServerExecutableTests.requireExecutable(), ["healthcheck"] + arguments, environment: environment)
        return try child.waitForExit().status
    }

    /// A new empty directory, removed when the test process exits at the
    /// latest (``ScratchDirectories``).
    static func freshDirectory() throws -> URL {
        try ScratchDirectories.fresh()
    }
}
