import Coordination
import Foundation
import NavigationAPI
import Synchronization
import TestSupport
import Testing

/// The session limits as a client meets them over HTTP.
@Suite("Limits")
struct LimitsTests {
    /// Resident memory of this process (the in-process server's too), in bytes.
    static func residentBytes() -> Int {
        // statm: total and resident size, in pages.
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// Whether this process carries the ThreadSanitizer runtime (`make tsan`).
    static var runsUnderThreadSanitizer: Bool {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    }

    /// 20,000 creations against a limit of 300: exactly 300 succeed, every
    /// other one is 429 with `Retry-After`, and memory stays bounded. The
    /// creation rate is raised out of the way: this is about the session
    /// limit (CreationRateTests covers the rate).
    @Test func floodingSessionCreationStaysBounded() throws {
        var limits = SessionLimits()
        limits.maxSessions = 300
        let unlimited = CreationRate(perSecond: 1_000_000, burst: 1_000_000)
        let server = try TestServer(limits: limits, options: NavigationAPI.Options(creationRate: unlimited))
        let port = server.port
        // Warm up: allocator pools, the first sessions, the connection buffers.
        let warmup = server.client()
        for _ in 0..<50 { _ = try warmup.request("GET", "/v1/flows") }
        let before = Self.residentBytes()

        let statuses = LockedBox<[Int: Int]>([:])
        let retryAfters = LockedBox<Set<String>>([])
        runOnThreads(8) { _ in
            let client = TestHTTPClient(port: port)
            for _ in 0..<2_500 {
                guard let response = try? client.request("POST", "/v1/sessions", json: ["flow": "app"]) else {
                    statuses.withLock { $0[0, default: 0] += 1 }
                    continue
                }
                statuses.withLock { $0[response.status, default: 0] += 1 }
                if response.status == 429 { retryAfters.withLock { _ = $0.insert(response.header("Retry-After") ?? "none") } }
            }
        }
        let after = Self.residentBytes()
        let counts = statuses.withLock { $0 }
        #expect(counts == [201: 300, 429: 19_700])
        #expect(retryAfters.withLock { $0 } == ["2"])
        #expect(server.registry.count == 300)
        // 300 sessions are about a megabyte; the 19,700 refused ones, had they
        // been kept, would be about 75 MB (measured: ~4 KB per `app` session).
        // Under ThreadSanitizer the process's memory is mostly shadow memory
        // of every test running in parallel, so the bound means nothing there.
        if !Self.runsUnderThreadSanitizer {
            #expect(after - before < 48 << 20, "RSS grew from \(before >> 20) MB to \(after >> 20) MB")
        }
        #expect(try server.client().request("GET", "/healthz").status == 200)
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
        let server = try TestServer(limits: limits)
        let client = server.client()
        let session = try client.createSession("exchange")
        usleep(300_000)
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
