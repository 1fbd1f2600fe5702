import PostgresStore
import TestSupport
import Testing

extension PostgresTestCluster {
    /// A PostgreSQL store on `url`, one of a cluster's URIs.
    static func store(_ url: String, commandTimeout: Double = 5) throws -> PostgresStore {
        PostgresStore(url: try #require(PostgresURL(url)), commandTimeout: commandTimeout)
    }

    /// Two stores on a new database of this cluster, as two instances that
    /// share it have, handed to `body` and both closed afterwards.
    func withTwoStores<Result>(_ body: (PostgresStore, PostgresStore) throws -> Result) throws -> Result {
        let url = try createDatabase()
        let (first, second) = (try Self.store(url), try Self.store(url))
        defer {
            first.close()
            second.close()
        }
        return try body(first, second)
    }
}
