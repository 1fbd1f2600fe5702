import Coordination
import Foundation
import TestSupport
import Testing

/// The server raises its own open-file limit as far as `--max-connections`
/// needs, and says so when a limit can never be reached.
@Suite("open-file limit", .timeLimit(.minutes(10)), .hangGuard)
struct OpenFileLimitTests {
    /// The soft and hard "Max open files" of a running process.
    private static func openFileLimits(of pid: Int32) throws -> (soft: Int, hard: Int) {
        let text = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Max open files") })
        let numbers = line.split(separator: " ").compactMap { Int($0) }
        try #require(numbers.count == 2, "\(line)")
        return (numbers[0], numbers[1])
    }

    private static func logLines(_ log: [String], message: String) -> [JSONValue] {
        log.compactMap { try? JSONParser.parse($0) }.filter { $0["msg"]?.stringValue == message }
    }

    @Test func softLimitIsRaisedSoMoreConnectionsThanTheInheritedLimitAreServed() throws {
        let server = try LaunchedServer(
            ["--max-connections", "2000", "--max-streams", "1000", "--log-format", "json", "--log-level", "debug"],
            openFiles: (soft: 256, hard: 4096))
        let limits = try Self.openFileLimits(of: server.process.processIdentifier)
        #expect(limits.soft == 2000 + 256 && limits.hard == 4096, "\(limits)")
        // More connections open at once than the limit the server was started with.
        let clients = (0..<400).map { _ in server.client() }
        for client in clients {
            #expect(try client.request("GET", "/healthz").status == 200)
        }
        for client in clients { client.disconnect() }
        let (status, log) = try server.stop()
        #expect(status == 0)
        let notes = Self.logLines(log, message: "open file limit")
        #expect(notes.count == 1 && notes.first?["level"]?.stringValue == "debug", "\(log.prefix(5))")
        #expect(notes.first?["soft_before"]?.intValue == 256)
        #expect(notes.first?["soft"]?.intValue == 2256)
        #expect(Self.logLines(log, message: "open file limit below --max-connections").isEmpty)
    }

    @Test func aHardLimitBelowMaxConnectionsIsRaisedToAndWarnedAbout() throws {
        let server = try LaunchedServer(
            ["--max-connections", "2000", "--max-streams", "1000", "--log-format", "json"], openFiles: (soft: 256, hard: 512))
        let limits = try Self.openFileLimits(of: server.process.processIdentifier)
        #expect(limits.soft == 512 && limits.hard == 512, "\(limits)")
        #expect(try server.client().request("GET", "/healthz").status == 200)
        let (status, log) = try server.stop()
        #expect(status == 0)
        let warnings = Self.logLines(log, message: "open file limit below --max-connections")
        try #require(warnings.count == 1, "\(log.prefix(5))")
        #expect(warnings[0]["level"]?.stringValue == "warn")
        #expect(warnings[0]["hard"]?.intValue == 512)
        #expect(warnings[0]["needed"]?.intValue == 2256)
        #expect(warnings[0]["detail"]?.stringValue?.contains("ulimit -Hn") == true)
    }

    @Test func maxStreamsNotBelowMaxConnectionsIsWarnedAbout() throws {
        let server = try LaunchedServer(["--max-connections", "100", "--log-format", "json"])
        let (status, log) = try server.stop()
        #expect(status == 0)
        let warnings = Self.logLines(log, message: "--max-streams is not below --max-connections")
        try #require(warnings.count == 1, "\(log.prefix(5))")
        #expect(warnings[0]["max_streams"]?.intValue == 10_000)
        #expect(warnings[0]["max_connections"]?.intValue == 100)
    }

    @Test func theDefaultsLeaveRoomForEveryStream() throws {
        let server = try LaunchedServer(["--log-format", "json"])
        let (status, log) = try server.stop()
        #expect(status == 0)
        #expect(Self.logLines(log, message: "--max-streams is not below --max-connections").isEmpty, "\(log.prefix(5))")
    }
}
