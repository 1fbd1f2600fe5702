import PostgresStore
import TestSupport
import Testing

extension PostgresTestCluster {
    /// A PostgreSQL store on `url`, one of a cluster's URIs.
    static func store(_ url: String, commandTimeout: Double = 5) throws -> PostgresStore {
        PostgresStore(url: try #require(PostgresURL(url)), commandTimeout: commandTimeout)
    }

    /// A client that runs `statements` in a transaction and stays in it,
    /// holding what they lock, until ``endHolders(in:)`` ends it; returned
    /// once they have run. One holder per database at a time.
    func launchHolder(_ statements: String, database: String) throws -> ChildProcess {
        let holder = try launchPsql("BEGIN; \(statements); SELECT pg_sleep(600);", database: database)
        // Asleep: the statements before the sleep have run.
        try waitUntil("the holder's statements to have run", pollingEvery: 0.02) {
            try psql(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'",
                database: database) == "1\n"
        }
        return holder
    }

    /// Ends the holders in `database` (``launchHolder(_:database:)``): their
    /// transactions roll back, and what they locked is free.
    func endHolders(in database: String) throws {
        _ = try psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_sleep(600)%' AND pid <> pg_backend_pid()",
            database: database)
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
