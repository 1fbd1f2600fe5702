import TestSupport
import Testing

@testable import RedisStore

/// `redis://[user:password@]host[:port][/db]`, as `--store` takes it: what
/// is accepted, what is refused, and a description that never holds the
/// password.
@Suite("Redis URL", .timeLimit(.minutes(10)), .hangGuard)
struct RedisURLTests {
    @Test(arguments: [
        ("redis://127.0.0.1", RedisURL(host: "127.0.0.1")),
        ("redis://cache.internal:6380", RedisURL(host: "cache.internal", port: 6380)),
        ("redis://cache:6380/3", RedisURL(host: "cache", port: 6380, database: 3)),
        ("redis://cache/", RedisURL(host: "cache")),
        ("redis://cache:1/15", RedisURL(host: "cache", port: 1, database: 15)),
        ("redis://cache:65535", RedisURL(host: "cache", port: 65535)),
        ("redis://:s3cret@cache:6379/2", RedisURL(host: "cache", password: "s3cret", database: 2)),
        ("redis://s3cret@cache", RedisURL(host: "cache", password: "s3cret")),
        ("redis://navigation:s3cret@cache:7000", RedisURL(host: "cache", port: 7000, user: "navigation", password: "s3cret")),
        // The last @ ends the credentials, the first : after the user begins the password.
        ("redis://:p@ss@cache", RedisURL(host: "cache", password: "p@ss")),
        ("redis://user:a:b@cache", RedisURL(host: "cache", user: "user", password: "a:b")),
        ("redis://user:@cache", RedisURL(host: "cache", user: "user", password: "")),
    ])
    func parses(_ text: String, _ expected: RedisURL) {
        #expect(RedisURL(text) == expected)
    }

    @Test(arguments: [
        "", "redis:/cache", "http://cache:6379", "rediss://cache", "REDIS://cache", "redis://", "redis://:6379", "redis://pw@",
        "redis://cache:0", "redis://cache:65536", "redis://cache:-1", "redis://cache:", "redis://cache:port", "redis://cache/x",
        "redis://cache/-1", "redis://cache/1.5", "redis://cache:6379/3/4",
    ])
    func refuses(_ text: String) {
        #expect(RedisURL(text) == nil, "\(text) must not parse")
    }

    @Test(arguments: [
        ("redis://cache", "redis://cache:6379/0"),
        ("redis://:s3cret@cache:6380/2", "redis://:***@cache:6380/2"),
        ("redis://navigation:s3cret@cache", "redis://navigation:***@cache:6379/0"),
        ("redis://navigation:@cache", "redis://navigation:***@cache:6379/0"),
    ])
    func describesItselfWithThePasswordMasked(_ text: String, _ description: String) throws {
        let url = try #require(RedisURL(text))
        #expect(url.description == description)
        #expect(!"\(url)".contains("s3cret"))
    }

    /// What a description shows parses back to the same place (the
    /// password aside): logs name the server an operator can reach.
    @Test func aDescriptionWithoutCredentialsParsesBack() throws {
        let url = RedisURL(host: "10.0.0.7", port: 6390, database: 9)
        #expect(RedisURL(url.description) == url)
    }
}
