import Foundation
import JSON
import TestSupport
import Testing

/// `--document-ttl`: a cached session idle for longer frees its rendered
/// document; the next request renders the same document again, and the
/// freed memory goes back to the system (README, Configuration). Which
/// session is idle when is the registry's business, tested on its clock
/// (CoordinationTests' "Releasing idle documents"); these tests check the
/// server process's sweep, its metric and its memory, and hold whatever
/// the machine's speed.
@Suite("document release", .timeLimit(.minutes(10)), .hangGuard)
struct DocumentReleaseTests {
    private static let arguments = [
        "--document-ttl", "0.3", "--create-rate", "1000000", "--create-burst", "1000000", "--store", "memory",
    ]

    private func releasedDocuments(_ client: TestHTTPClient) throws -> Int {
        Int(try #require(try client.metric("navigation_session_documents_released_total")))
    }

    /// Waits until `/metrics` counts at least `count` released documents;
    /// the count then.
    private func waitForReleases(_ client: TestHTTPClient, atLeast count: Int) throws -> Int {
        var released = 0
        try waitUntil("\(count) released documents on /metrics (\(released) so far)", pollingEvery: 0.1) {
            released = try releasedDocuments(client)
            return released >= count
        }
        return released
    }

    /// Every release frees a document a request rendered (the create, the
    /// GETs, the event), and every rendered document of an idle session is
    /// released again: the count only grows, one step per render, however
    /// the requests fall against the 0.3 s TTL.
    @Test func anIdleSessionGivesBackItsDocumentAndRendersTheSameOneAgain() throws {
        let server = try LaunchedServer(Self.arguments)
        let client = server.client()
        let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
        #expect(created.status == 201)
        let id = try #require(created.json?["id"]?.stringValue)
        let before = try client.request("GET", "/v1/sessions/\(id)")
        var renders = 2  // at most: the create, and the GET if the create's document was already released

        let firstReleases = try waitForReleases(client, atLeast: 1)
        #expect(firstReleases <= renders)
        let after = try client.request("GET", "/v1/sessions/\(id)")
        renders += 1
        #expect(after.status == 200)
        #expect(after.body == before.body)
        #expect(after.header("ETag") == before.header("ETag"))

        // Whether that GET rendered again or found the document still held,
        // the session goes idle once more and its document is released.
        let secondReleases = try waitForReleases(client, atLeast: firstReleases + 1)
        #expect(secondReleases <= renders)
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
    ///
    /// The TTL is long enough for the creates to finish before any
    /// document is released even on a slow machine; the expected drop counts
    /// only the documents that were still held when RSS was measured.
    @Test(.enabled(if: !ThreadSanitizer.isActive)) func releasedDocumentsLeaveTheResidentSet() throws {
        let server = try LaunchedServer(["--document-ttl", "30"] + Self.arguments.dropFirst(2))
        let client = server.client()
        let count = 3000
        for _ in 0..<count {
            #expect(try client.request("POST", "/v1/sessions", json: ["flow": "exchange"]).status == 201)
        }
        let held = try residentBytes(server.process.processIdentifier)
        let heldDocuments = count - (try releasedDocuments(client))
        try #require(
            heldDocuments >= count / 2,
            "only \(heldDocuments) of \(count) documents were still held when RSS was measured: the creates took longer than the TTL")
        #expect(try waitForReleases(client, atLeast: count) == count)
        // Each document is ~1 KB of JSON and ~150 bytes of positions.
        let expectedDrop = heldDocuments * 600
        var idle = held
        try waitUntil("RSS to fall by \(expectedDrop) bytes from \(held) (\(idle) now)", pollingEvery: 0.5) {
            idle = try residentBytes(server.process.processIdentifier)
            return held - idle > expectedDrop
        }
        #expect(try server.stop().status == 0)
    }

    private func residentBytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kilobytes * 1024
    }
}
