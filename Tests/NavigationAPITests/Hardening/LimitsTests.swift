import Coordination
import Foundation
import NavigationAPI
import Synchronization
import TestSupport
import Testing

/// The session limits as a client meets them over HTTP.
@Suite("Limits", .timeLimit(.minutes(10)), .hangGuard)
struct LimitsTests {
    /// Resident memory of process `pid`, in bytes.
    static func residentBytes(of pid: Int32) throws -> Int {
        // statm: total and resident size, in pages.
        let statm = try String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8)
        let fields = statm.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil, "statm of \(pid): \(statm)")
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// 20,000 creations against a limit of 300: exactly 300 succeed, every
    /// other one is 429 with `Retry-After`, and memory stays bounded. The
    /// creation rate is raised out of the way: this is about the session
    /// limit (CreationRateTests covers the rate). The server is a process
    /// of its own, so that its resident memory is its alone, not that of
    /// every suite running beside it in the test process.
    @Test func floodingSessionCreationStaysBounded() throws {
        let server = try LaunchedServer(
            ["--max-sessions", "300", "--create-rate", "1000000", "--create-burst", "1000000", "--store", "memory"])
        let port = server.port
        // Warm up: allocator pools, the first sessions, the connection buffers.
        let warmup = server.client()
        for _ in 0..<50 { #expect(try warmup.request("GET", "/v1/flows").status == 200) }
        let before = try Self.residentBytes(of: server.process.processIdentifier)

        let statuses = LockedBox<[String: Int]>([:])
        let retryAfters = LockedBox<Set<String>>([])
        try runOnThreads(8) { _ in
            let client = TestHTTPClient(port: port)
            for _ in 0..<2_500 {
                do {
                    let response = try client.request("POST", "/v1/sessions", json: ["flow": "app"])
                    statuses.withLock { $0[String(response.status), default: 0] += 1 }
                    if response.status == 429 { retryAfters.withLock { _ = $0.insert(response.header("Retry-After") ?? "none") } }
                } catch {
                    statuses.withLock { $0["\(error)", default: 0] += 1 }
                }
            }
        }
        let after = try Self.residentBytes(of: server.process.processIdentifier)
        #expect(statuses.withLock { $0 } == ["201": 300, "429": 19_700])
        #expect(retryAfters.withLock { $0 } == ["2"])
        #expect(try server.client().metric("navigation_sessions_live") == 300)
        // 300 sessions are about a megabyte; the 19,700 refused ones, had they
        // been kept, would be about 75 MB (measured: ~4 KB per `app` session).
        // Under ThreadSanitizer the server's memory is mostly the shadow
        // memory of its allocations, so the bound means nothing there.
        if !ThreadSanitizer.isActive {
            #expect(after - before < 48 << 20, "RSS grew from \(before >> 20) MB to \(after >> 20) MB")
        }
        #expect(try server.client().request("GET", "/healthz").status == 200)
        #expect(try server.stop().status == 0)
    }

    /// When full, sessions idle past the TTL are evicted to make room before
    /// anyone is told 429; an expired session is 404 and its memory is freed.
    /// The registry's clock is the test's: a slow machine (ThreadSanitizer)
    /// cannot let the sessions expire before the server is full.
    @Test func fullServerEvictsIdleSessionsBeforeRefusing() throws {
        var limits = SessionLimits()
        limits.maxSessions = 3
        limits.idleTimeout = 0.3
        let clock = TestClock(milliseconds: 1_796_112_000_000)
        let server = try TestServer(limits: limits, clock: clock)
        let client = server.client()
        let first = try client.createSession("exchange")
        _ = try client.createSession("exchange")
        _ = try client.createSession("exchange")
        let refused = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
        expectProblem(refused, 429, "too-many-sessions")
        #expect(refused.header("Retry-After") == "2")

        clock.advance(milliseconds: 450)
        let admitted = try client.createSession("exchange")
        #expect(admitted.version == 1)
        #expect(server.registry.count == 1)
        expectProblem(try client.request("GET", first.path), 404, "session-not-found")
        #expect(server.registry.statistics.evicted == 3)
    }

    /// An idle session past its TTL is 404, and the sweep frees it.
    @Test func expiredSessionIs404AndFreed() throws {
        var limits = SessionLimits()
        limits.idleTimeout = 0.2
        let clock = TestClock(milliseconds: 1_796_112_000_000)
        let server = try TestServer(limits: limits, clock: clock)
        let client = server.client()
        let session = try client.createSession("exchange")
        clock.advance(milliseconds: 199)
        #expect(try client.request("GET", session.path).status == 200, "not yet expired")
        clock.advance(milliseconds: 300)
        expectProblem(try client.request("GET", session.path), 404, "session-not-found")
        _ = server.registry.evictExpired()
        #expect(server.registry.count == 0)
    }

    /// The stack stops growing at its limit with a 409, and the history keeps
    /// only the newest entries, flagging the loss with `truncated`.
    @Test func stackDepthAndHistoryLengthAreBounded() throws {
        var limits = SessionLimits()
        limits.maxStackDepth = 2
        limits.maxHistoryLength = 4
        let server = try TestServer(limits: limits)
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        for amount in 1...5 { try client.apply("convert", ["amount": .number(Double(amount))], to: &session) }
        let history = try #require(try client.request("GET", session.path + "/history").json)
        let entries = history["entries"]?.arrayValue ?? []
        #expect(entries.count == 4)
        #expect(history["truncated"]?.boolValue == true)
        #expect(entries.last?["version"]?.intValue == session.version)

        let deep = try TestServer(
            limits: {
                var l = SessionLimits()
                l.maxStackDepth = 1
                return l
            }())
        let deepClient = deep.client()
        let one = try deepClient.createSession("exchange")
        let pushed = try deepClient.send("select", ["code": "USD"], to: one)
        expectProblem(pushed, 409, "stack-limit-reached")
        #expect(try deepClient.version(of: one) == 1)
    }
}
