import Foundation
import TestSupport
import Testing

/// The `navigation-server` binary as an operator runs it: flags, the
/// listening line, the request log, and a graceful stop on SIGTERM.
@Suite("navigation-server executable", .timeLimit(.minutes(10)), .hangGuard)
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

    /// ``executableURL``, failing the test when `swift build` made no binary there.
    static func requireExecutable(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let executable = executableURL
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path), "no binary at \(executable.path)", sourceLocation: sourceLocation
        )
        return executable
    }

    /// Starts the binary in a fresh working directory, so the default store
    /// (file:./data) is this server's own.
    private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        try ChildProcess(
            try Self.requireExecutable(), arguments, environment: environment, directory: try LaunchedServer.freshDirectory())
    }

    // MARK: - Flags

    @Test func helpPrintsUsageAndExitsZero() throws {
        let finished = try launch(["--help"])
        #expect(try finished.waitForExit() == ChildProcess.Exit(status: 0, exited: true))
        #expect(finished.output.hasPrefix("usage: navigation-server"))
        #expect(finished.output.contains("NAVIGATION_MAX_SESSIONS"))
        #expect(finished.errorOutput.isEmpty)
    }

    @Test(arguments: [(["--port", "nope"], [:]), (["--frobnicate"], [:]), ([], ["NAVIGATION_THREADS": "0"])])
    func badConfigurationIsOneLineAndExitCodeTwo(arguments: [String], environment: [String: String]) throws {
        let finished = try launch(arguments, environment: environment)
        #expect(try finished.waitForExit() == ChildProcess.Exit(status: 2, exited: true))
        #expect(finished.output.isEmpty)
        #expect(finished.errorOutput.hasPrefix("navigation-server: "))
        #expect(finished.errorOutput.filter { $0 == "\n" }.count == 1, "\(finished.errorOutput)")
    }

    /// A `--flow-version` that names a flow or a version this binary does
    /// not host stops the start with one line listing what it hosts.
    @Test(arguments: [
        ("nope=1", "--flow-version names flow 'nope', which is not hosted; hosted flows: app, exchange, mail"),
        ("exchange=2:30", "--flow-version names version 2 of flow 'exchange', which is not hosted; hosted versions: 1"),
        ("exchange=1,exchange=1", "--flow-version gives flow 'exchange' two current versions (NAME=V); give it one"),
    ])
    func aFlowVersionThatIsNotHostedStopsTheStart(value: String, message: String) throws {
        let finished = try launch(["--flow-version", value, "--store", "memory"])
        #expect(try finished.waitForExit() == ChildProcess.Exit(status: 2, exited: true))
        #expect(finished.errorOutput == "navigation-server: \(message)\n")
    }

    /// Retiring every version of a flow, or one that is not hosted, stops the start.
    @Test func aRetirementThatLeavesNoVersionStopsTheStart() throws {
        for (value, message) in [
            (
                "exchange=1",
                "--retire-flow retires every hosted version of flow 'exchange'; keep one that new and migrated sessions start on"
            ),
            ("exchange=2", "--retire-flow names version 2 of flow 'exchange', which is not hosted; hosted versions: 1"),
        ] {
            let finished = try launch(["--retire-flow", value, "--store", "memory"])
            #expect(try finished.waitForExit() == ChildProcess.Exit(status: 2, exited: true))
            #expect(finished.errorOutput == "navigation-server: \(message)\n")
        }
    }

    /// A token key that is missing or weak stops the start with one line
    /// naming the file, instead of refusing every request later.
    @Test func aMissingOrWeakTokenKeyStopsTheStart() throws {
        let directory = try LaunchedServer.freshDirectory()
        let weak = directory.appendingPathComponent("weak.key")
        try Data("too short".utf8).write(to: weak)
        for path in [weak.path, directory.appendingPathComponent("missing.key").path] {
            let finished = try launch(["--auth", "jwt", "--jwt-key", path, "--store", "memory"])
            #expect(try finished.waitForExit() == ChildProcess.Exit(status: 2, exited: true))
            #expect(finished.errorOutput.hasPrefix("navigation-server: --jwt-key \(path): "), "\(finished.errorOutput)")
            #expect(finished.errorOutput.filter { $0 == "\n" }.count == 1, "\(finished.errorOutput)")
        }
    }

    // MARK: - Serving

    @Test func servesLogsAndStopsGracefullyOnSIGTERM() throws {
        let server = try launch(["--port=0", "--threads", "1", "--log-format", "text"], environment: ["NAVIGATION_MAX_SESSIONS": "1"])
        let firstLine = try server.firstLine()
        let prefix = "navigation-server listening on http://127.0.0.1:"
        try #require(firstLine.hasPrefix(prefix), "\(firstLine)")
        let port = try #require(Int(firstLine.dropFirst(prefix.count)))
        #expect(port > 0)

        let client = TestHTTPClient(port: port)
        #expect(try client.request("GET", "/healthz").status == 200)
        #expect(try client.request("POST", "/v1/sessions", json: ["flow": "exchange"]).status == 201)
        // NAVIGATION_MAX_SESSIONS=1 took effect.
        #expect(try client.request("POST", "/v1/sessions", json: ["flow": "exchange"]).status == 429)
        client.disconnect()

        server.signal(SIGTERM)
        #expect(try server.waitForExit() == ChildProcess.Exit(status: 0, exited: true))
        let log = server.errorOutput
        let lines = log.split(separator: "\n")
        #expect(lines.contains { $0.contains(" info request ") && $0.contains(" method=GET route=/healthz status=200 ") })
        #expect(lines.filter { $0.contains(" method=POST route=/v1/sessions ") }.count == 2)
        #expect(lines.contains { $0.contains(" method=POST route=/v1/sessions status=429 ") })
        #expect(server.output == firstLine + "\n")
    }
}
