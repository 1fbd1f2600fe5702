import Platform
import Sessions

/// A ``Sessions/SessionStore`` in Redis, shared by every instance that
/// points at the same server: each instance serves every session.
///
/// Per session, two keys under one hash tag (``RedisKeys``): a summary hash
/// and a record list. An append is one `EVALSHA` of ``RedisScripts/append``
/// (conditional on the expected version, atomic, refreshing the keys'
/// `PEXPIRE` to the idle timeout, publishing the new version); a summary is
/// one `HMGET`. Redis expires idle sessions itself
/// (``expiresIdleSessions``), so the registry does not sweep this store;
/// it counts live sessions with ``liveSessionCount()``, from an index
/// beside the sessions' keys (``RedisSessionIndex``). The instances' leases
/// on the flow versions they host are one more sorted set
/// (``RedisKeys/instances``, ``RedisScripts/renewLease``).
///
/// Every Redis failure (refused connection, timeout, lost connection, an
/// error reply) is ``Sessions/StoreError/unavailable(reason:)``; connections
/// reconnect by themselves on the next operation.
public final class RedisStore: SessionStore {
    /// The channel on which every append publishes `"<session id> <version>"`.
    public static let changesChannel = "nav:changes"

    let pool: RedisConnectionPool
    private let idleTimeoutMillis: Int
    private let appendScript = LoadedScript(RedisScripts.append)
    private let leaseScript = LoadedScript(RedisScripts.renewLease)
    private let closed = Locked(false)
    /// Whether ``liveSessionCount()`` has made sure the index exists.
    private let indexChecked = Locked(false)
    private let feeds = Locked<[RedisChangeFeed]>([])

    /// Nothing is sent until the first operation: a server whose Redis is
    /// down starts, and answers 503 until Redis is back.
    /// - Parameters:
    ///   - idleTimeout: seconds after a session's last record until Redis expires it.
    ///   - connectTimeout: seconds a connection attempt may take.
    ///   - commandTimeout: seconds a reply may take before the operation is
    ///     `unavailable` (and the connection replaced).
    public init(url: RedisURL, idleTimeout: Double, connectTimeout: Double = 1, commandTimeout: Double = 2) {
        // hiredis writes with plain write(2): a Redis that went away while a
        // command was being sent must be an error, not a SIGPIPE that kills
        // the process.
        signal(SIGPIPE, SIG_IGN)
        pool = RedisConnectionPool(url: url, connectTimeout: connectTimeout, commandTimeout: commandTimeout)
        idleTimeoutMillis = max(1, Int(idleTimeout * 1000))
    }

    public var expiresIdleSessions: Bool { true }
    /// Every instance on this Redis writes the same sessions.
    public var isShared: Bool { true }

    /// `PING`: throws ``Sessions/StoreError/unavailable(reason:)`` unless Redis answers.
    @discardableResult
    public func probe() throws(StoreError) -> Bool {
        let reply = try run { connection throws(RedisFailure) in try connection.command([Array("PING".utf8)]) }
        if case .error(let message) = reply { throw .unavailable(reason: "Redis: \(message)") }
        return true
    }

    /// Every session's summary, by `SCAN` (for start-up and the `journal`
    /// tools, never a request). Empty when Redis cannot be reached.
    public func sessions() -> [SessionSummary] {
        (try? run { connection throws(RedisFailure) in try Self.scanSummaries(connection) }) ?? []
    }

    public func summary(of id: String) throws(StoreError) -> SessionSummary? {
        let reply = try run { connection throws(RedisFailure) in
            try connection.command(Self.hmget(id))
        }
        return try Self.summary(id, reply)
    }

    public func append(_ record: JournalRecord, expectedVersion: Int) throws(StoreError) {
        try record.validate(expectedVersion: expectedVersion)
        let arguments: [[UInt8]] = [
            RedisKeys.meta(record.sessionID), RedisKeys.records(record.sessionID),
            Array(String(expectedVersion).utf8), RedisRecordCodec.encode(record), Array(String(record.time).utf8),
            Array((record.kind == .ended ? "1" : "0").utf8), Array(String(record.storedSize).utf8),
            Array(String(idleTimeoutMillis).utf8), Array(Self.changesChannel.utf8), Array(record.sessionID.utf8),
        ]
        // A new session is listed for the count (RedisSessionIndex) in the same round trip.
        let listing =
            expectedVersion == 0 ? [RedisSessionIndex.adding(record.sessionID, until: record.time + Int64(idleTimeoutMillis))] : []
        let reply = try evaluate(appendScript, keys: 2, arguments, sendingFirst: listing)
        let answer = reply.elements.compactMap(\.integer)
        switch answer.first {
        case 0: return
        case 1: throw .notFound
        case 2 where answer.count == 2: throw .conflict(currentVersion: answer[1])
        default: throw .unavailable(reason: "Redis answered the append script with \(reply)")
        }
    }

    public func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        let replies = try run { connection throws(RedisFailure) in
            try connection.pipeline([
                [Array("LRANGE".utf8), RedisKeys.records(id), Array(String(max(0, version)).utf8), Array("-1".utf8)],
                [Array("EXISTS".utf8), RedisKeys.meta(id)],
            ])
        }
        if case .error(let message) = replies[0] { throw .unavailable(reason: "Redis: \(message)") }
        let elements = replies[0].elements
        if elements.isEmpty && replies[1].integer != 1 { throw .notFound }
        var records: [JournalRecord] = []
        records.reserveCapacity(elements.count)
        for (offset, element) in elements.enumerated() {
            guard case .string(let bytes) = element, let record = RedisRecordCodec.decode(bytes, sessionID: id),
                record.version == max(0, version) + offset + 1
            else {
                throw .corrupt(
                    file: "redis \(String(decoding: RedisKeys.records(id), as: UTF8.self))", offset: Int64(offset),
                    reason: "not a journal record")
            }
            records.append(record)
        }
        return records
    }

    public func drop(_ id: String) {
        _ = try? run { connection throws(RedisFailure) in
            try connection.pipeline([
                [Array("DEL".utf8), RedisKeys.meta(id), RedisKeys.records(id)], RedisSessionIndex.removing(id),
            ])
        }
    }

    /// The live sessions of every instance, from ``RedisSessionIndex``
    /// (approximate: see there), not a `SCAN`: cheap at a million sessions.
    /// The first count of a process lists the sessions an earlier version
    /// wrote when the index does not exist yet.
    public func liveSessionCount() throws(StoreError) -> Int {
        let now = Int64(SessionRegistry.wallClockSeconds() * 1000)
        return try run { connection throws(RedisFailure) in
            if !indexChecked.withLock({ $0 }) {
                if try connection.command([Array("EXISTS".utf8), RedisKeys.live]).integer == 0 {
                    try RedisSessionIndex.backfill(connection, ids: try Self.scanSessionIDs(connection), now: now)
                }
                indexChecked.withLock { $0 = true }
            }
            return try RedisSessionIndex.count(connection, now: now, idleTimeoutMillis: idleTimeoutMillis)
        }
    }

    public func close() {
        closed.withLock { $0 = true }
        pool.closeIdle()
        for feed in feeds.withLock({ $0 }) { feed.stop() }
    }

    /// Subscribes to ``changesChannel`` on a connection of its own (see
    /// ``RedisChangeFeed``): every instance's appends, this one's included.
    public func observeChanges(_ handler: @escaping @Sendable (_ sessionID: String, _ version: Int) -> Void) -> Bool {
        let feed = RedisChangeFeed(url: pool.url, channel: Self.changesChannel, handler: handler)
        feeds.withLock { $0.append(feed) }
        return true
    }

    /// One `EVALSHA` of ``RedisScripts/renewLease`` on ``RedisKeys/instances``.
    public func renewLease(_ announcement: String, forMilliseconds milliseconds: Int) throws(StoreError) -> [String]? {
        let reply = try evaluate(
            leaseScript, keys: 1, [RedisKeys.instances, Array(announcement.utf8), Array(String(max(1, milliseconds)).utf8)])
        guard case .array(let elements) = reply else { throw .unavailable(reason: "Redis answered the lease script with \(reply)") }
        return elements.compactMap(\.text)
    }

    public func releaseLease(_ announcement: String) {
        _ = try? run { connection throws(RedisFailure) in
            try connection.command([Array("ZREM".utf8), RedisKeys.instances, Array(announcement.utf8)])
        }
    }

    /// Runs `body` on a pooled connection; a failure is `unavailable`.
    func run<Result>(_ body: (RedisConnection) throws(RedisFailure) -> Result) throws(StoreError) -> Result {
        guard !closed.withLock({ $0 }) else { throw .unavailable(reason: "the store is closed") }
        do {
            return try pool.withConnection(body)
        } catch {
            throw .unavailable(reason: "Redis at \(pool.url.host):\(pool.url.port): \(error.reason)")
        }
    }

    /// A script and the SHA Redis knows it by, once loaded.
    private struct LoadedScript: Sendable {
        let source: String
        let sha = Locked<String?>(nil)

        init(_ source: String) { self.source = source }
    }

    /// `EVALSHA` of `script`, loading it (`SCRIPT LOAD`) the first time and
    /// again whenever Redis answers `NOSCRIPT` (it restarted, or `SCRIPT FLUSH`).
    /// `sendingFirst` goes before it in the same round trip (replies ignored).
    private func evaluate(
        _ script: LoadedScript, keys: Int, _ arguments: [[UInt8]], sendingFirst: [[[UInt8]]] = []
    ) throws(StoreError) -> RedisReply {
        try run { connection throws(RedisFailure) in
            for _ in 0..<2 {
                let sha: String
                if let known = script.sha.withLock({ $0 }) {
                    sha = known
                } else {
                    let loaded = try connection.command([Array("SCRIPT".utf8), Array("LOAD".utf8), Array(script.source.utf8)])
                    guard case .string = loaded, let text = loaded.text else { throw RedisFailure("SCRIPT LOAD answered \(loaded)") }
                    script.sha.withLock { $0 = text }
                    sha = text
                }
                let evalsha = [Array("EVALSHA".utf8), Array(sha.utf8), Array(String(keys).utf8)] + arguments
                guard let reply = try connection.pipeline(sendingFirst + [evalsha]).last else { throw RedisFailure("no reply to EVALSHA") }
                if case .error(let message) = reply {
                    if message.hasPrefix("NOSCRIPT") {
                        script.sha.withLock { $0 = nil }
                        continue
                    }
                    throw RedisFailure(message)
                }
                return reply
            }
            throw RedisFailure("Redis keeps forgetting a script of the store")
        }
    }

    private static func summary(_ id: String, _ reply: RedisReply) throws(StoreError) -> SessionSummary? {
        if case .error(let message) = reply { throw .unavailable(reason: "Redis: \(message)") }
        let fields = reply.elements
        guard fields.count == 4, let version = fields[0].integer else { return nil }
        return SessionSummary(
            id: id, lastVersion: version, lastActivity: Int64(fields[1].integer ?? 0), ended: fields[2].text == "1",
            bytes: fields[3].integer ?? 0)
    }

    private static func scanSummaries(_ connection: RedisConnection) throws(RedisFailure) -> [SessionSummary] {
        let ids = try scanSessionIDs(connection)
        var summaries: [SessionSummary] = []
        for batch in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
            let replies = try connection.pipeline(batch.map { id in Self.hmget(id) })
            for (id, reply) in zip(batch, replies) {
                if let summary = (try? Self.summary(id, reply)) ?? nil { summaries.append(summary) }
            }
        }
        return summaries
    }

    /// Every session id in the database, by `SCAN` of the summary keys.
    private static func scanSessionIDs(_ connection: RedisConnection) throws(RedisFailure) -> [String] {
        var ids: [String] = []
        var cursor = "0"
        repeat {
            let reply = try connection.command(
                ["SCAN", cursor, "MATCH", RedisKeys.metaPattern, "COUNT", "1000"].map { Array($0.utf8) })
            let parts = reply.elements
            guard parts.count == 2, let next = parts[0].text else { throw RedisFailure("SCAN answered \(reply)") }
            ids += parts[1].elements.compactMap { $0.text.flatMap(RedisKeys.sessionID(ofMetaKey:)) }
            cursor = next
        } while cursor != "0"
        return ids
    }

    static func hmget(_ id: String) -> [[UInt8]] {
        [Array("HMGET".utf8), RedisKeys.meta(id), Array("v".utf8), Array("t".utf8), Array("e".utf8), Array("b".utf8)]
    }
}
