import Coordination
import Flows
import Foundation
import RedisStore
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import Sessions

/// What the Redis store adds to the store contract: Redis's own expiry, the
/// script reloaded after Redis forgot it, Redis going away and coming back,
/// and the command budget of a request. Every test runs on a Redis with
/// `requirepass`, through a URL that selects database 3: the store
/// authenticates and selects on each connection it opens.
@Suite("RedisStore", .timeLimit(.minutes(10)), .hangGuard)
struct RedisStoreTests {
    /// The commands the store itself sends; the append script's own (HGET,
    /// RPUSH, HSET, HINCRBY, PEXPIRE, PUBLISH) are not among them.
    static let storeCommands = [
        "hmget", "evalsha", "lrange", "exists", "script|load", "ping", "scan", "del",
        "zadd", "zrem", "zcard", "zrangebyscore", "pttl",
    ]

    private static func keys(of number: Int) -> [String] {
        ["{nav:\(Journal.id(number))}:m", "{nav:\(Journal.id(number))}:r"]
    }

    /// Each append sets the session's keys to expire after the idle
    /// timeout: the keys' time to live, cut short by the test as if time had
    /// passed, is back above the cut after the next append.
    @Test func eachAppendRefreshesTheIdleTimeout() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store(idleTimeout: 3600)
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        #expect(store.expiresIdleSessions)
        for key in Self.keys(of: 1) {
            let ttl = Self.integer(try server.command(["PTTL", key]))
            #expect(ttl.map { $0 > 0 && $0 <= 3_600_000 } == true, "\(key) expires within the idle timeout: \(String(describing: ttl))")
            #expect(Self.integer(try server.command(["PEXPIRE", key, "60000"])) == 1)
        }
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
        for key in Self.keys(of: 1) {
            let ttl = Self.integer(try server.command(["PTTL", key]))
            #expect(ttl.map { $0 > 60_000 && $0 <= 3_600_000 } == true, "\(key) refreshed by the append: \(String(describing: ttl))")
        }
    }

    /// Redis itself drops a session idle for longer than the timeout.
    @Test func redisExpiresAnIdleSession() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store(idleTimeout: 0.5)
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        try waitUntil("Redis to expire the idle session") { try store.summary(of: Journal.id(1)) == nil }
        #expect(throws: StoreError.notFound) { try store.records(of: Journal.id(1), after: 0) }
        for key in Self.keys(of: 1) { #expect(Self.integer(try server.command(["EXISTS", key])) == 0) }
    }

    @Test func aScriptRedisForgotIsLoadedAgain() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store()
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        _ = try server.command(["SCRIPT", "FLUSH"])
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
        #expect(try store.records(of: Journal.id(1), after: 0).map(\.version) == [1, 2, 3])
    }

    @Test func redisGoingAwayIsUnavailableAndItsReturnIsNoticedWithoutARestart() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store()
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        let registry = SessionRegistry(flows: BuiltinFlows.all, store: store)
        #expect(registry.isStoreAvailable)
        server.stop()
        #expect(!registry.isStoreAvailable, "readiness follows Redis without waiting for a request")
        let isUnavailable: (any Error) -> Bool = { error in
            if case StoreError.unavailable = error { return true }
            return false
        }
        #expect(performing: { try store.append(Journal.event(1, version: 3), expectedVersion: 2) }, throws: isUnavailable)
        #expect(performing: { try store.summary(of: Journal.id(1)) }, throws: isUnavailable)
        #expect(performing: { try store.records(of: Journal.id(1), after: 0) }, throws: isUnavailable)
        #expect(performing: { try store.probe() }, throws: isUnavailable)

        try server.start()  // the same AOF
        #expect(registry.isStoreAvailable)
        #expect(try store.probe())
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
        #expect(try store.summary(of: Journal.id(1))?.lastVersion == 3)
    }

    /// Redis holding every write (`CLIENT PAUSE … WRITE`, until the test
    /// lifts it) is a Redis too slow to answer: the append is unavailable
    /// after the command timeout, whatever the machine's speed.
    @Test func aSlowRedisIsUnavailableAfterTheCommandTimeoutAndUsableAgainAfter() throws {
        let server = try RedisTestServer.secured()
        let store = RedisStore(url: try #require(RedisURL(server.url)), idleTimeout: 3600, commandTimeout: 0.2)
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        #expect(String(decoding: try server.command(["CLIENT", "PAUSE", "600000", "WRITE"]), as: UTF8.self) == "+OK\r\n")
        // The timed-out connection is dropped; a new one serves.
        try expectATimedOutAppendAndServiceAfter(store, saying: "did not answer in time") { () throws in
            #expect(String(decoding: try server.command(["CLIENT", "UNPAUSE"]), as: UTF8.self) == "+OK\r\n")
        }
    }

    /// One command per GET when the cache is current (the version check),
    /// and one per event (the append, whose condition is the version check).
    @Test func aGetCostsOneCommandAndSoDoesAnEvent() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store()
        defer { store.close() }
        let registry = SessionRegistry(flows: BuiltinFlows.all, store: store)
        let created = try registry.create(flow: "exchange", context: nil)
        let screen = try #require(try registry.withSession(created.id) { $0.stack.top?.screen.id })

        _ = try server.command(["CONFIG", "RESETSTAT"])
        _ = try registry.document(of: created.id)
        #expect(try Self.storeCommandCount(server) == 1)

        _ = try server.command(["CONFIG", "RESETSTAT"])
        _ = try registry.send(ClientEvent(screen: screen, event: "select", payload: ["code": "USD"]), to: created.id)
        #expect(try Self.storeCommandCount(server) == 1)
    }

    /// `--max-sessions` counts live sessions from an index beside the
    /// sessions' keys, not a `SCAN`: a new session is listed, a dropped one
    /// leaves, one Redis expired leaves at the first count past its listed
    /// deadline, and the sessions an earlier version wrote (no index yet)
    /// are listed by the first count of a process.
    @Test func liveSessionsAreCountedFromAnIndex() throws {
        let server = try RedisTestServer.secured()
        let store = try server.store()
        defer { store.close() }
        // The journal's records are timed in 1970: their listed deadlines have
        // passed, so the next count asks Redis whether each is still there.
        for number in 1...3 { try Journal.append(Journal.session(number, versions: 2), to: store) }
        #expect(try store.liveSessionCount() == 3)
        _ = try server.command(["CONFIG", "RESETSTAT"])
        #expect(try store.liveSessionCount() == 3)
        #expect(try Self.storeCommandCount(server, of: ["scan", "hmget"]) == 0, "no session is listed to count them")
        #expect(Self.integer(try server.command(["ZCARD", "nav:live"])) == 3)
        store.drop(Journal.id(2))
        #expect(try store.liveSessionCount() == 2)
        try Journal.append([Journal.created(4)], to: store)
        _ = try server.command(["DEL", "{nav:\(Journal.id(4))}:m", "{nav:\(Journal.id(4))}:r"])  // as Redis's expiry does
        #expect(try store.liveSessionCount() == 2)

        _ = try server.command(["DEL", "nav:live"])
        let upgraded = try server.store()
        defer { upgraded.close() }
        #expect(try upgraded.liveSessionCount() == 2, "sessions written before the index existed are counted")
    }

    /// The limit holds across instances: an instance whose own count is
    /// below it learns the others' sessions at its sweep, and a slot freed
    /// on another instance is found when it reaches the limit.
    @Test func maxSessionsCountsEveryInstancesSessions() throws {
        let server = try RedisTestServer.secured()
        try server.withTwoStores { first, second in
            let (one, other, elsewhere) = try twoInstancesWithASessionEach(on: first, second)
            #expect(one.count == 1)
            one.evictExpired()  // the sweep
            #expect(one.count == 2)
            let isFull: (any Error) -> Bool = { ($0 as? NavigationError)?.kind == .tooManySessions }
            #expect(performing: { try one.create(flow: "exchange", context: nil) }, throws: isFull)
            try other.end(elsewhere.id)
            _ = try one.create(flow: "exchange", context: nil)
            #expect(one.count == 2)
        }
    }

    /// Calls of `commands` (by default ``storeCommands``) since the last
    /// `CONFIG RESETSTAT`, from `INFO commandstats`.
    static func storeCommandCount(_ server: RedisTestServer, of commands: [String] = storeCommands) throws -> Int {
        let info = String(decoding: try server.command(["INFO", "commandstats"]), as: UTF8.self)
        var count = 0
        for line in info.split(whereSeparator: \.isNewline) where line.hasPrefix("cmdstat_") {
            let name = line.dropFirst("cmdstat_".count).prefix { $0 != ":" }
            guard commands.contains(String(name)),
                let calls = line.split(separator: ":calls=").dropFirst().first?.prefix(while: \.isNumber)
            else { continue }
            count += Int(calls) ?? 0
        }
        return count
    }

    /// The number in an integer reply (`:42\r\n`).
    static func integer(_ reply: [UInt8]) -> Int? {
        guard reply.first == UInt8(ascii: ":") else { return nil }
        return Int(String(decoding: reply.dropFirst().prefix { $0 != 13 }, as: UTF8.self))
    }
}

/// The change feed the live streams consume: an append through one store
/// (one instance) is reported to a subscriber of another.
@Suite("RedisStore change feed", .timeLimit(.minutes(10)), .hangGuard)
struct RedisChangeFeedTests {
    @Test func anAppendByOneInstanceIsReportedToAnother() throws {
        let server = try RedisTestServer.secured()
        try server.withTwoStores { writer, reader in
            let seen = LockedBox<[String]>([])
            #expect(reader.observeChanges { id, version in seen.withLock { $0.append("\(id) \(version)") } })
            #expect(!MemoryStore().observeChanges { _, _ in })
            // Appends until the subscription is in place, then one more that must be seen.
            var version = 0
            try waitUntil("the subscription to report an append", pollingEvery: 0.02) {
                version += 1
                let record = version == 1 ? Journal.created(1) : Journal.event(1, version: version)
                try writer.append(record, expectedVersion: version - 1)
                return !seen.withLock { $0.isEmpty }
            }
            try writer.append(Journal.event(1, version: version + 1), expectedVersion: version)
            try waitUntil("the report of version \(version + 1)") { seen.withLock { $0.contains("\(Journal.id(1)) \(version + 1)") } }
        }
    }

    /// A quiet channel keeps the subscriber's connection: one that
    /// reconnected after each idle second would miss what was published
    /// while it did.
    @Test func anIdleSubscriptionKeepsItsConnection() throws {
        let server = try RedisTestServer.secured()
        let reader = try server.store()
        defer { reader.close() }
        #expect(reader.observeChanges { _, _ in })
        try waitUntil("the subscriber to subscribe", pollingEvery: 0.01) {
            Self.text(try server.command(["PUBSUB", "NUMSUB", RedisStore.changesChannel])).hasSuffix(":1\r\n")
        }
        let before = try #require(try Self.connectionsReceived(server))
        sleep(3)  // three of the subscriber's one-second waits, with nothing published
        // The only new connection is the one that asks.
        #expect(try Self.connectionsReceived(server) == before + 1)
    }

    private static func text(_ reply: [UInt8]) -> String { String(decoding: reply, as: UTF8.self) }

    private static func connectionsReceived(_ server: RedisTestServer) throws -> Int? {
        let info = text(try server.command(["INFO", "stats"]))
        let line = info.split(separator: "\r\n").first { $0.hasPrefix("total_connections_received:") }
        return line.flatMap { Int($0.dropFirst("total_connections_received:".count)) }
    }
}
