import Foundation
import TestSupport
import Testing

/// A `navigation-server` process on a free port, as an operator runs it:
/// started with flags and environment, stopped with a signal, its stderr
/// (the log) collected while it runs, so a busy server never blocks on a
/// full pipe.
final class LaunchedServer {
    let process: Process
    let port: Int
    /// The process's working directory (its default `./data` journal):
    /// made for it, and removed once it has exited.
    private let workingDirectory: URL
    private let log = LockedBox<[UInt8]>([])
    private let logDrained = DispatchSemaphore(value: 0)

    /// `openFiles` starts the server with those open-file limits (`ulimit
    /// -Sn`, `ulimit -Hn`; the hard one can only be lowered), through `sh`,
    /// which `exec`s it: the process id is the server's.
    init(_ arguments: [String], environment: [String: String] = [:], openFiles: (soft: Int, hard: Int)? = nil) throws {
        let executable = ServerExecutableTests.executableURL
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no binary at \(executable.path)")
        process = Process()
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
                [
                    "-c", "ulimit -S -n \(openFiles.soft) && ulimit -H -n \(openFiles.hard) && exec \"$0\" \"$@\"", executable.path,
                    "--port=0",
                ]
                + arguments
        } else {
            process.executableURL = executable
            process.arguments = ["--port=0"] + arguments
        }
        process.environment = environment
        // The default store is file:./data: each launched server gets a
        // fresh working directory, so its journal is its own.
        workingDirectory = try Self.freshDirectory()
        process.currentDirectoryURL = workingDirectory
        let output = Pipe()
        let errorPipe = Pipe()
        process.standardOutput = output
        process.standardError = errorPipe
        try process.run()
        DispatchQueue.global().async { [log, logDrained] in
            let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
            log.withLock { $0 = Array(data) }
            logDrained.signal()
        }
        var firstLine = ""
        while !firstLine.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += String(decoding: chunk, as: UTF8.self)
        }
        let address = firstLine.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard let address, let port = Int(address), port > 0 else {
            process.terminate()
            throw TestClientError(description: "navigation-server did not start: \(firstLine)")
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: workingDirectory)
    }

    func client() -> TestHTTPClient {
        TestHTTPClient(port: port)
    }

    /// Sends `signal` (none when nil, e.g. when another thread already
    /// did), waits for the exit (failing after `seconds`), and returns the
    /// exit status and every log line.
    func stop(_ signal: Int32? = SIGTERM, seconds: Double = 10) throws -> (status: Int32, log: [String]) {
        if let signal { kill(process.processIdentifier, signal) }
        let giveUp = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while process.isRunning && ContinuousClock.now < giveUp { usleep(10_000) }
        try #require(!process.isRunning, "navigation-server did not stop within \(seconds) s")
        #expect(process.terminationReason == .exit)
        logDrained.wait()
        let text = String(decoding: log.withLock { $0 }, as: UTF8.self)
        return (process.terminationStatus, text.split(separator: "\n").map(String.init))
    }

    /// `kill -9`: the process gets no chance to flush or close anything.
    func killNow() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Runs `navigation-server healthcheck` with `arguments` and returns its exit status.
    static func healthcheck(_ arguments: [String], environment: [String: String] = [:]) throws -> Int32 {
        let process = Process()
        process.executableURL = ServerExecutableTests.executableURL
        process.arguments = ["healthcheck"] + arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A new empty directory, removed when the test process exits at the
    /// latest (``ScratchDirectories``).
    static func freshDirectory() throws -> URL {
        try ScratchDirectories.fresh()
    }
}
