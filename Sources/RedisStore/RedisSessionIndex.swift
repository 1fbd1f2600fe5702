/// The count of live sessions that `--max-sessions` needs, without
/// listing them: ``RedisKeys/live``, a sorted set of session ids, each
/// scored with the time (ms) after which it may have expired (its last
/// known activity plus the idle timeout).
///
/// Why a set beside the sessions' keys: Redis expires sessions by itself and
/// tells nobody, and other instances create them, so without it a count is
/// a `SCAN` of the whole database with a `HMGET` per session (measured at
/// 0.76 s of Redis CPU per 100,000 sessions, every sweep of every instance).
///
/// The set is written outside the sessions' scripts, so each script still
/// touches one slot: a `ZADD` goes in the same round trip as a new
/// session's first append, sent before it (a lost connection can only
/// over-count), and a `ZREM` with a dropped session's `DEL`. A session
/// Redis expired is taken out by ``count(_:now:idleTimeoutMillis:)``, which
/// looks only at the entries past their score and asks each one's `PTTL`:
/// gone, it is removed; still there (it was used since), it is scored again
/// with its new expiry. So the count is approximate in one direction: a
/// session is counted until the first count after it expired (the sweep
/// counts every 30 s at most), and one whose creation failed after its
/// `ZADD` until the idle timeout has passed.
enum RedisSessionIndex {
    /// Entries looked at per round trip, and the most rounds a count takes
    /// (what is left waits for the next count).
    static let batchSize = 1000
    static let maximumBatches = 100

    /// The command that lists `id` until `deadline` (ms since 1970).
    static func adding(_ id: String, until deadline: Int64) -> [[UInt8]] {
        [Array("ZADD".utf8), RedisKeys.live, Array(String(deadline).utf8), Array(id.utf8)]
    }

    static func removing(_ id: String) -> [[UInt8]] {
        [Array("ZREM".utf8), RedisKeys.live, Array(id.utf8)]
    }

    /// Takes the sessions Redis expired out of the set, then counts it.
    static func count(_ connection: RedisConnection, now: Int64, idleTimeoutMillis: Int) throws(RedisFailure) -> Int {
        for _ in 0..<maximumBatches {
            let due = try connection.command(
                [Array("ZRANGEBYSCORE".utf8), RedisKeys.live, Array("-inf".utf8), Array(String(now).utf8)]
                    + [Array("LIMIT".utf8), Array("0".utf8), Array(String(batchSize).utf8)])
            guard case .array(let elements) = due else { throw RedisFailure("ZRANGEBYSCORE answered \(due)") }
            let ids = elements.compactMap(\.text)
            guard !ids.isEmpty else { break }
            let expiries = try connection.pipeline(ids.map { [Array("PTTL".utf8), RedisKeys.meta($0)] })
            var gone: [[UInt8]] = [Array("ZREM".utf8), RedisKeys.live]
            var rescored: [[UInt8]] = [Array("ZADD".utf8), RedisKeys.live, Array("XX".utf8)]
            for (id, expiry) in zip(ids, expiries) {
                guard let milliseconds = expiry.integer else { continue }
                switch milliseconds {
                case -2: gone.append(Array(id.utf8))
                case ..<0: rescored += [Array(String(now + Int64(idleTimeoutMillis)).utf8), Array(id.utf8)]
                default: rescored += [Array(String(now + Int64(milliseconds)).utf8), Array(id.utf8)]
                }
            }
            var updates: [[[UInt8]]] = []
            if gone.count > 2 { updates.append(gone) }
            if rescored.count > 3 { updates.append(rescored) }
            if !updates.isEmpty { _ = try connection.pipeline(updates) }
            if ids.count < batchSize { break }
        }
        return try connection.command([Array("ZCARD".utf8), RedisKeys.live]).integer ?? 0
    }

    /// Lists the sessions written before the set existed (an earlier
    /// version of the server), once, when there is no set: `ids` come from
    /// a `SCAN`. Scored `now`, so the next count asks their expiry.
    static func backfill(_ connection: RedisConnection, ids: [String], now: Int64) throws(RedisFailure) {
        for start in stride(from: 0, to: ids.count, by: batchSize) {
            var command: [[UInt8]] = [Array("ZADD".utf8), RedisKeys.live, Array("NX".utf8)]
            for id in ids[start..<min(start + batchSize, ids.count)] { command += [Array(String(now).utf8), Array(id.utf8)] }
            _ = try connection.command(command)
        }
    }
}
