import Foundation
import TestSupport
import Testing

/// SECURITY.md: whoever can write the data directory can forge or delete
/// sessions. A directory others can write is used with a warning; with
/// `--strict-permissions` (`NAVIGATION_STRICT_PERMISSIONS`) the start
/// refuses it with one line and exit code 2, touching nothing.
@Suite("Durability: data directory permissions", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct DataDirectoryPermissionsTests {
    static func directory(mode: mode_t) throws -> String {
        let data = try LaunchedServer.freshDirectory().path
        try #require(chmod(data, mode) == 0)
        return data
    }

    static func permissionWarnings(_ log: [String]) -> [String] {
        log.filter { $0.contains("\"level\":\"warn\"") && $0.contains("data directory writable by others") }
    }

    @Test func aWorldWritableDirectoryIsUsedWithAWarning() throws {
        let data = try Self.directory(mode: 0o777)
        let server = try LaunchedServer(["--store", "file:" + data, "--log-format", "json"])
        #expect(try server.client().createSession("exchange").version == 1)
        let (status, log) = try server.stop()
        #expect(status == 0)
        let warnings = Self.permissionWarnings(log)
        #expect(warnings.count == 1, "\(log)")
        #expect(warnings.first?.contains("group-writable, world-writable (mode 0777)") == true, "\(warnings)")
        #expect(warnings.first?.contains(data) == true)
    }

    @Test func anOwnDirectoryGetsNoWarning() throws {
        let data = try Self.directory(mode: 0o700)
        let server = try LaunchedServer(["--store", "file:" + data, "--log-format", "json"])
        let (status, log) = try server.stop()
        #expect(status == 0)
        #expect(Self.permissionWarnings(log).isEmpty, "\(log)")
    }

    /// Another user's directory (root hands it over; skipped without root).
    @Test func anotherUsersDirectoryIsUsedWithAWarning() throws {
        let data = try Self.directory(mode: 0o700)
        guard chown(data, 4_242, 4_242) == 0 else { try Test.cancel("cannot chown (not root)") }
        let server = try LaunchedServer(["--store", "file:" + data, "--log-format", "json"])
        let (status, log) = try server.stop()
        #expect(status == 0)
        #expect(Self.permissionWarnings(log).first?.contains("owned by uid 4242") == true, "\(log)")
    }

    @Test(
        arguments: [
            (["--strict-permissions", "true"], [:]), ([], ["NAVIGATION_STRICT_PERMISSIONS": "true"]),
        ] as [([String], [String: String])])
    func strictPermissionsRefusesTheStart(flags: [String], environment: [String: String]) throws {
        let data = try Self.directory(mode: 0o770)
        let (status, stderr) = try JournalFiles.runToExit(["--store", "file:" + data] + flags, environment: environment)
        #expect(status == 2, "\(stderr)")
        #expect(
            stderr
                == "navigation-server: the data directory \(data) can be written by others: group-writable (mode 0770); --strict-permissions refuses it (make it the server user's own, mode 0700)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: data).isEmpty, "the refused start touched nothing")

        // Made the server user's own, the same start succeeds.
        try #require(chmod(data, 0o700) == 0)
        let server = try LaunchedServer(["--store", "file:" + data] + flags, environment: environment)
        #expect(try server.stop().status == 0)
    }
}
