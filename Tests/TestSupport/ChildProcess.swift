import Foundation
import Testing

/// A process a test launches (`navigation-server`, its `journal` commands,
/// `redis-server`): every child of the test suite starts here.
///
/// - Its stdout and stderr are read while it runs, so a chatty child never
///   blocks on a full pipe, and what it wrote is in every failure message.
/// - Every wait is bounded: a child that does not print its first line, or
///   does not exit, in time is dumped (``ThreadDump``) and killed, and the
///   wait throws with the child's output and that dump.
/// - Under ThreadSanitizer (`make tsan`) it gets the test process's
///   `TSAN_OPTIONS` (`halt_on_error`, the suppressions file), and a race it
///   reports fails the test that launched it (see
///   ``ThreadSanitizer``), however that test ends the child.
/// - One still running when the value goes away is killed.
///
/// `@unchecked Sendable`: its state is the `Process` (whose accessors
/// Foundation makes safe from any thread) and lock-guarded boxes.
public final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    public struct Exit: Sendable, Equatable {
        public let status: Int32
        /// False when a signal ended it (`status` is then the signal).
        public let exited: Bool

        public init(status: Int32, exited: Bool) {
            self.status = status
            self.exited = exited
        }
    }

    public let process: Process
    /// The command line, for messages.
    public let commandLine: String
    private let standardOutput = Stream()
    private let standardError = Stream()
    private let launchedAt: SourceLocation
    /// Whether the child's stderr was searched for a race report.
    private let raceChecked = LockedBox(false)

    public init(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ThreadSanitizer.childEnvironment(environment)
        if let directory { process.currentDirectoryURL = directory }
        commandLine = ([executable.path] + arguments).joined(separator: " ")
        launchedAt = sourceLocation
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        standardOutput.drain(output.fileHandleForReading)
        standardError.drain(errors.fileHandleForReading)
        Self.running.withLock { $0[ObjectIdentifier(self)] = Weak(self) }
    }

    deinit {
        if process.isRunning { kill() } else { _ = ended() }
        Self.running.withLock { $0[ObjectIdentifier(self)] = nil }
    }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    /// What the child wrote to stdout so far.
    public var output: String { standardOutput.text }
    /// What the child wrote to stderr so far.
    public var errorOutput: String { standardError.text }

    /// The first line the child writes to stdout (without its newline).
    /// Throws when the child exits before it, or has not written it after
    /// `seconds` (then the child is dumped and killed).
    public func firstLine(within seconds: Double = WaitBound.condition) throws -> String {
        try wait(for: "a whole line on stdout", within: seconds) { $0.output.contains("\n") || !$0.isRunning }
        // Exited: its last words may still be on their way through the pipe.
        if !output.contains("\n") { _ = ended() }
        let text = output
        guard let newline = text.firstIndex(of: "\n") else { throw failure("exited before writing its first line") }
        return String(text[..<newline])
    }

    /// Polls `condition` until it holds; after `seconds` the child is
    /// dumped and killed, and the wait throws with its output.
    public func wait(for what: String, within seconds: Double = WaitBound.condition, _ condition: (ChildProcess) -> Bool) throws {
        let giveUp = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while !condition(self) {
            if ContinuousClock.now >= giveUp { throw hung("gave up after \(seconds) s waiting for \(what)") }
            usleep(2_000)
        }
    }

    /// Sends `signal` to the child.
    public func signal(_ signal: Int32) {
        Foundation.kill(process.processIdentifier, signal)
    }

    /// Waits until the child has exited and its output is read; after
    /// `seconds` it is dumped and killed, and the wait throws. A race the
    /// child reported fails the launching test here.
    @discardableResult
    public func waitForExit(within seconds: Double = WaitBound.condition) throws -> Exit {
        guard awaitExit(within: seconds) else { throw hung("did not exit within \(seconds) s") }
        return ended()
    }

    /// `kill -9` and the wait for its end: the child gets no chance to
    /// flush or close anything.
    @discardableResult
    public func kill() -> Exit {
        signal(SIGKILL)
        // SIGKILL cannot be caught: only a process stuck in the kernel outlasts the bound.
        _ = awaitExit(within: WaitBound.condition)
        return ended()
    }

    private func awaitExit(within seconds: Double) -> Bool {
        let giveUp = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while process.isRunning {
            if ContinuousClock.now >= giveUp { return false }
            usleep(2_000)
        }
        return true
    }

    /// After the exit: reads the rest of the output, looks for a race report.
    private func ended() -> Exit {
        guard !process.isRunning else { return Exit(status: SIGKILL, exited: false) }
        process.waitUntilExit()
        // A grandchild that kept the pipes open would keep them from ending.
        let drained = ContinuousClock.now + .seconds(30)
        while !(standardOutput.isFinished && standardError.isFinished) && ContinuousClock.now < drained { usleep(2_000) }
        checkForRaces()
        return Exit(status: process.terminationStatus, exited: process.terminationReason == .exit)
    }

    /// The error for a child that misbehaved: the command, its output.
    public func failure(_ what: String) -> ChildProcessError {
        ChildProcessError(description: "\(commandLine) (pid \(pid)) \(what)\n" + report())
    }

    /// Dumps the child's threads, kills it, and returns the error to throw.
    private func hung(_ what: String) -> ChildProcessError {
        let dump = ThreadDump.of(pid: pid)
        kill()
        return ChildProcessError(description: "\(commandLine) (pid \(pid)) \(what)\n" + report() + dump)
    }

    /// Its stderr and stdout so far (the last 64 KiB of each).
    func report() -> String {
        "--- stderr of pid \(pid):\n\(errorOutput.suffix(65536))\n--- stdout of pid \(pid):\n\(output.suffix(65536))\n---\n"
    }

    /// Records an issue against the launching test when the child's stderr
    /// holds a ThreadSanitizer report, once.
    private func checkForRaces() {
        let isFirstCheck = raceChecked.withLock { checked in
            defer { checked = true }
            return !checked
        }
        guard isFirstCheck else { return }
        let status: Int32? = !process.isRunning && process.terminationReason == .exit ? process.terminationStatus : nil
        if let report = ThreadSanitizer.raceReport(stderr: errorOutput, status: status) {
            Issue.record("\(commandLine) (pid \(pid)) reported a data race:\n\(report)", sourceLocation: launchedAt)
        }
    }

    // MARK: - Children still running

    /// `@unchecked Sendable`: a weak reference is loaded and cleared atomically.
    private final class Weak: @unchecked Sendable {
        weak var child: ChildProcess?
        init(_ child: ChildProcess) { self.child = child }
    }

    private static let running = LockedBox<[ObjectIdentifier: Weak]>([:])

    /// For the hang guard: the output and a thread dump of every child
    /// still running, each then killed.
    static func reportAndKillAll() -> String {
        let children = running.withLock { $0.values.compactMap(\.child) }
        var text = children.isEmpty ? "no child process is running\n" : ""
        for child in children where child.isRunning {
            text += "child \(child.commandLine) (pid \(child.pid)):\n" + child.report() + ThreadDump.of(pid: child.pid)
            child.signal(SIGKILL)
        }
        return text
    }
}

/// A child process that did not do what the test waited for.
public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
}

extension ChildProcess {
    /// One of the child's output pipes, read to its end on a thread of its own.
    final class Stream: Sendable {
        private let bytes = LockedBox<(data: [UInt8], finished: Bool)>(([], false))

        var text: String { String(decoding: bytes.withLock { $0.data }, as: UTF8.self) }
        var isFinished: Bool { bytes.withLock { $0.finished } }

        func drain(_ handle: FileHandle) {
            let thread = Thread { [bytes] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.withLock { $0.data += chunk }
                }
                bytes.withLock { $0.finished = true }
            }
            thread.name = "child output"
            thread.start()
        }
    }
}
