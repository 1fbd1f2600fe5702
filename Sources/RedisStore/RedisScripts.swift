/// The Lua scripts the store runs inside Redis, each atomic: Redis runs a
/// script to its end before any other command, and writes its effects to
/// the AOF as one MULTI/EXEC, so a crash never leaves half of one.
enum RedisScripts {
    /// The conditional append. KEYS: the session's meta hash and record
    /// list (one hash tag, so one slot). ARGV: expected version, the
    /// encoded record, its time, "1" when it ends the session, its stored
    /// size, the idle timeout in milliseconds, the change channel, the
    /// session id.
    ///
    /// Answers `{0, version}` when appended, `{1}` when the session is
    /// unknown or has ended, `{2, current}` when another version is stored.
    /// On success it refreshes both keys' expiry and publishes
    /// `"<id> <version>"` on the change channel.
    ///
    /// It reads with `HGET`, which the store never sends itself, so that
    /// `INFO commandstats` tells the store's commands (`HMGET`, `EVALSHA`,
    /// …) from the script's.
    static let append = """
        local stored = redis.call('HGET', KEYS[1], 'v')
        local expected = tonumber(ARGV[1])
        if not stored then
          if expected ~= 0 then return {1} end
        else
          local last = tonumber(stored)
          if last ~= expected then return {2, last} end
          if redis.call('HGET', KEYS[1], 'e') == '1' then return {1} end
        end
        local version = expected + 1
        redis.call('RPUSH', KEYS[2], ARGV[2])
        redis.call('HSET', KEYS[1], 'v', version, 't', ARGV[3], 'e', ARGV[4])
        redis.call('HINCRBY', KEYS[1], 'b', ARGV[5])
        redis.call('PEXPIRE', KEYS[1], ARGV[6])
        redis.call('PEXPIRE', KEYS[2], ARGV[6])
        redis.call('PUBLISH', ARGV[7], ARGV[8] .. ' ' .. version)
        return {0, version}
        """

    /// The renewal of an instance's lease (``RedisStore/renewLease(_:forMilliseconds:)``).
    /// KEYS: ``RedisKeys/instances``. ARGV: the announcement, the lease in
    /// milliseconds. Leases are scored with the time they run out, by
    /// Redis's clock (`TIME`), so the instances' clocks do not matter: those
    /// run out are removed, this one is scored again, and the rest are
    /// answered, this one's included.
    static let renewLease = """
        local now = redis.call('TIME')
        local millis = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
        redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', millis)
        redis.call('ZADD', KEYS[1], millis + tonumber(ARGV[2]), ARGV[1])
        return redis.call('ZRANGE', KEYS[1], 0, -1)
        """
}
