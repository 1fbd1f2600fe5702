import Foundation
import Testing

/// The `navigation-server` binary as an operator runs it: flags, the
/// listening line, the request log, and a graceful stop on SIGTERM.
@Suite("navigation-server executable")
struct ServerExecutableTests {
    /// Built by `swift test` next to the test bundle.
    static var executableURL: URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.pathComponents.count > 1, !directory.lastPathComponent.hasSuffix("debug"),
            !directory.lastPathComponent.hasSuffix("release")
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("navigation-server")
    }

    private struct Finished {
        let status: Int32
        let output: String
        let error: String
    }

    private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let executable = Self.executableURL
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no binary at \(executable.path)")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        // A fresh working directory, so the default store (file:./data) is this server's own.
        process.currentDirectoryURL = try LaunchedServer.freshDirectory()
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        return (process, output, error)
    }

    /// Waits for `process` to exit; kills it and returns false after `seconds`.
    private static func waitForExit(of process: Process, seconds: Double) -> Bool {
        let giveUp = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while process.isRunning && ContinuousClock.now < giveUp {
            usleep(10_000)
        }
        guard process.isRunning else { return true }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return false
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Finished {
        let (process, output, error) = try launch(arguments, environment: environment)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        try #require(Self.waitForExit(of: process, seconds: 10), "navigation-server \(arguments) did not exit")
        return Finished(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    // MARK: - Flags

    @Test func helpPrintsUsageAndExitsZero() throws {
        let finished = try run(["--help"])
        #expect(finished.status == 0)
        #expect(finished.output.hasPrefix("usage: navigation-server"))
        #expect(finished.output.contains("NAVIGATION_MAX_SESSIONS"))
        #expect(finished.error.isEmpty)
    }

    @Test(arguments: [(["--port", "nope"], [:]), (["--frobnicate"], [:]), ([], ["NAVIGATION_THREADS": "0"])])
    func badConfigurationIsOneLineAndExitCodeTwo(arguments: [String], environment: [String: String]) throws {
        let finished = try run(arguments, environment: environment)
        #expect(finished.status == 2)
        #expect(finished.output.isEmpty)
        #expect(finished.error.hasPrefix("navigation-server: "))
        #expect(finished.error.filter { $0 == "\n" }.count == 1, "\(finished.error)")
    }

    /// A token key that is missing or weak stops the start with one line
    /// naming the file, instead of refusing every request later.
    @Test func aMissingOrWeakTokenKeyStopsTheStart() throws {
        let directory = try LaunchedServer.freshDirectory()
        let weak = directory.appendingPathComponent("weak.key")
        try Data("too short".utf8).write(to: weak)
        for path in [weak.path, directory.appendingPathComponent("missing.key").path] {
            let finished = try run(["--auth", "jwt", "--jwt-key", path, "--store", "memory"])
            #expect(finished.status == 2)
            #expect(finished.error.hasPrefix("navigation-server: --jwt-key \(path): "), "\(finished.error)")
            #expect(finished.error.filter { $0 == "\n" }.count == 1, "\(finished.error)")
        }
    }

    // MARK: - Serving

    @Test func servesLogsAndStopsGracefullyOnSIGTERM() throws {
        let (process, output, error) = try launch(
            ["--port=0", "--threads", "1", "--log-format", "text"], environment: ["NAVIGATION_MAX_SESSIONS": "1"])
        defer { _ = Self.waitForExit(of: process, seconds: 0) }
        var firstLine = ""
        while !firstLine.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += String(decoding: chunk, as: UTF8.self)
        }
        let prefix = "navigation-server listening on http://127.0.0.1:"
        try #require(firstLine.hasPrefix(prefix), "\(firstLine)")
        let port = try #require(Int(firstLine.dropFirst(prefix.count).trimmingCharacters(in: .newlines)))
        #expect(port > 0)

        let client = TestHTTPClient(port: port)
        #expect(try client.request("GET", "/healthz").status == 200)
        #expect(try client.request("POST", "/v1/sessions", json: ["flow": "exchange"]).status == 201)
        // NAVIGATION_MAX_SESSIONS=1 took effect.
        #expect(try client.request("POST", "/v1/sessions", json: ["flow": "exchange"]).status == 429)
        client.disconnect()

        process.terminate()
        try #require(Self.waitForExit(of: process, seconds: 10), "SIGTERM did not stop the server")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        let log = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = log.split(separator: "\n")
        #expect(lines.contains { $0.contains(" info request ") && $0.contains(" method=GET route=/healthz status=200 ") })
        #expect(lines.filter { $0.contains(" method=POST route=/v1/sessions ") }.count == 2)
        #expect(lines.contains { $0.contains(" method=POST route=/v1/sessions status=429 ") })
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).isEmpty)
    }
}
