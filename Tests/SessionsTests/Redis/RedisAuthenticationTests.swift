import RedisStore
import StoreTestSupport
import TestSupport
import Testing

@testable import Sessions

/// A Redis URL's credentials and database, against a redis-server with
/// `requirepass` (and an ACL user): the store authenticates and selects its
/// database on every connection, and a refusal is `unavailable` with a
/// reason that never holds the password.
@Suite("RedisStore: AUTH and SELECT", .timeLimit(.minutes(10)), .hangGuard)
struct RedisAuthenticationTests {
    private static func isUnavailable(_ error: any Error, saying text: String) -> Bool {
        guard case StoreError.unavailable(let reason) = error else { return false }
        return reason.contains(text)
    }

    @Test func sessionsAreWrittenToTheDatabaseOfTheURLOnly() throws {
        let server = try RedisTestServer.secured()
        #expect(server.url == "redis://:\(server.password ?? "")@127.0.0.1:\(server.port)/3")
        let store = RedisStore(url: try #require(RedisURL(server.url)), idleTimeout: 3600)
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        #expect(try store.summary(of: Journal.id(1))?.lastVersion == 2)
        #expect(String(decoding: try server.command(["DBSIZE"], in: 3), as: UTF8.self) == ":3\r\n", "meta, records and the index")
        #expect(String(decoding: try server.command(["DBSIZE"], in: 0), as: UTF8.self) == ":0\r\n")
        // A store on database 0 of the same server sees none of it.
        var other = try #require(RedisURL(server.url))
        other.database = 0
        let elsewhere = RedisStore(url: other, idleTimeout: 3600)
        defer { elsewhere.close() }
        #expect(try elsewhere.summary(of: Journal.id(1)) == nil)
    }

    @Test func aWrongPasswordIsRefusedWithoutNamingIt() throws {
        let server = try RedisTestServer.secured()
        let store = RedisStore(url: try #require(RedisURL("redis://:not-the-password@127.0.0.1:\(server.port)/3")), idleTimeout: 3600)
        defer { store.close() }
        let error = #expect(throws: StoreError.self) { try store.append(Journal.created(1), expectedVersion: 0) }
        #expect(error.map { Self.isUnavailable($0, saying: "refused the credentials") } == true, "\(String(describing: error))")
        #expect(!"\(String(describing: error))".contains("not-the-password"))
        #expect(performing: { try store.probe() }, throws: { Self.isUnavailable($0, saying: "refused the credentials") })
        #expect(String(decoding: try server.command(["DBSIZE"]), as: UTF8.self) == ":0\r\n")
    }

    /// Without a password the first command after connecting, the `SELECT`,
    /// is refused: the store is unavailable, not writing to database 0.
    @Test func noPasswordIsRefused() throws {
        let server = try RedisTestServer.secured()
        let store = RedisStore(url: try #require(RedisURL("redis://127.0.0.1:\(server.port)/3")), idleTimeout: 3600)
        defer { store.close() }
        #expect(
            performing: { try store.append(Journal.created(1), expectedVersion: 0) }, throws: { Self.isUnavailable($0, saying: "NOAUTH") })
        #expect(String(decoding: try server.command(["DBSIZE"], in: 0), as: UTF8.self) == ":0\r\n")
    }

    /// `redis://user:password@…` authenticates as that ACL user (Redis 6+).
    @Test func anACLUserAuthenticatesByName() throws {
        let server = try RedisTestServer.secured()
        let created = try server.command(["ACL", "SETUSER", "navigator", "on", ">user-pw", "~*", "&*", "+@all"])
        #expect(String(decoding: created, as: UTF8.self) == "+OK\r\n")
        let store = RedisStore(url: try #require(RedisURL("redis://navigator:user-pw@127.0.0.1:\(server.port)/3")), idleTimeout: 3600)
        defer { store.close() }
        try Journal.append(Journal.session(1, versions: 2), to: store)
        #expect(try store.records(of: Journal.id(1), after: 0).map(\.version) == [1, 2])

        // The user's password is not the default user's.
        let wrong = RedisStore(
            url: try #require(RedisURL("redis://navigator:\(server.password ?? "")@127.0.0.1:\(server.port)/3")), idleTimeout: 3600)
        defer { wrong.close() }
        #expect(performing: { try wrong.probe() }, throws: { Self.isUnavailable($0, saying: "refused the credentials") })
    }
}
