import Foundation
import JSON
import Testing

/// `--document-ttl`: a cached session idle for longer frees its rendered
/// document; the next request renders the same document again, and the
/// freed memory goes back to the system (README, Configuration).
@Suite("document release")
struct DocumentReleaseTests {
    private static var underThreadSanitizer: Bool {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    }

    private static let arguments = [
        "--document-ttl", "0.3", "--create-rate", "1000000", "--create-burst", "1000000", "--store", "memory",
    ]

    private func releasedDocuments(_ client: TestHTTPClient) throws -> Double {
        let page = try PrometheusTextParser(try client.request("GET", "/metrics").text)
        return try #require(page.value("navigation_session_documents_released_total"))
    }

    /// Waits until `/metrics` counts at least `count` released documents.
    private func waitForReleases(_ client: TestHTTPClient, atLeast count: Double) throws -> Double {
        let deadline = Date().addingTimeInterval(20)
        var released = try releasedDocuments(client)
        while released < count && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            released = try releasedDocuments(client)
        }
        return released
    }

    @Test func anIdleSessionGivesBackItsDocumentAndRendersTheSameOneAgain() throws {
        let server = try LaunchedServer(Self.arguments)
        let client = server.client()
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.stringValue)
        let before = try client.request("GET", "/v1/sessions/\(id)")

        #expect(try waitForReleases(client, atLeast: 1) == 1)
        let after = try client.request("GET", "/v1/sessions/\(id)")
        #expect(after.status == 200)
        #expect(after.body == before.body)
        #expect(after.header("ETag") == before.header("ETag"))

        // Rendered again on that GET, and released again once idle.
        #expect(try waitForReleases(client, atLeast: 2) == 2)
        let event = try client.request(
            "POST", "/v1/sessions/\(id)/events", json: ["screen": "s1", "event": "select", "payload": ["code": "EUR"]])
        #expect(event.status == 200)
        #expect(try client.request("GET", "/v1/sessions/\(id)").body == event.body)
        #expect(try server.stop().status == 0)
    }

    /// jemalloc keeps freed pages until its decay clock ticks, which only
    /// later allocations did: the server runs jemalloc's background threads,
    /// so an idle server's RSS falls within its ~10 s decay. (Under
    /// ThreadSanitizer its own allocator serves.)
    @Test(.enabled(if: !underThreadSanitizer)) func releasedDocumentsLeaveTheResidentSet() throws {
        // A TTL longer than creating them takes, so that all are held at once.
        let server = try LaunchedServer(["--document-ttl", "4"] + Self.arguments.dropFirst(2))
        let client = server.client()
        let count = 3000
        for _ in 0..<count {
            #expect(try client.request("POST", "/v1/sessions", json: ["flow": "exchange"]).status == 201)
        }
        let held = try residentBytes(server.process.processIdentifier)
        #expect(try waitForReleases(client, atLeast: Double(count)) == Double(count))
        // Each document is ~1 KB of JSON and ~150 bytes of positions.
        let expectedDrop = count * 600
        let deadline = Date().addingTimeInterval(30)
        var idle = try residentBytes(server.process.processIdentifier)
        while held - idle <= expectedDrop && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.5)
            idle = try residentBytes(server.process.processIdentifier)
        }
        #expect(held - idle > expectedDrop, "RSS \(held) bytes with documents, \(idle) without")
        #expect(try server.stop().status == 0)
    }

    private func residentBytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kilobytes * 1024
    }
}
