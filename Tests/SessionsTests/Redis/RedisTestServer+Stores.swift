import RedisStore
import TestSupport
import Testing

extension RedisTestServer {
    /// A Redis store on this server, through its URL (its password and database).
    func store(idleTimeout: Double = 3600) throws -> RedisStore {
        RedisStore(url: try #require(RedisURL(url)), idleTimeout: idleTimeout)
    }

    /// Two stores on this server, as two instances that share it have,
    /// handed to `body` and both closed afterwards.
    func withTwoStores<Result>(_ body: (RedisStore, RedisStore) throws -> Result) throws -> Result {
        let (first, second) = (try store(), try store())
        defer {
            first.close()
            second.close()
        }
        return try body(first, second)
    }
}
