/// The store's tables in the database, and the version they are at: its
/// own, in `navigation_schema`, so that a build meets only a schema it
/// knows.
///
/// ``prepare(_:)`` runs on the first connection a store opens: under a
/// transaction-scoped advisory lock (instances starting together take
/// turns), it creates the schema when the database has none, accepts the
/// version this build writes (laying out the sessions' table as this
/// build does, ``PostgresSchemaDefinition/inPlaceUpdates``), and refuses
/// a newer one, which a newer build made and this one would misread.
enum PostgresSchema {
    /// The schema this build creates and reads.
    static let version = 1

    /// The advisory lock the instances take turns under ("navi" in ASCII).
    static let lockKey = 0x6E61_7669

    /// Makes sure the database holds schema ``version``.
    /// - Throws: ``PostgresFailure/newerSchema(_:)`` for a newer schema; a
    ///   failure when the database refused or went away (then nothing was
    ///   created: the transaction rolls back).
    static func prepare(_ connection: PostgresConnection) throws(PostgresFailure) {
        _ = try connection.run(
            """
            BEGIN;
            SELECT pg_advisory_xact_lock(\(lockKey));
            CREATE TABLE IF NOT EXISTS navigation_schema (
                singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
                version integer NOT NULL
            );
            """)
        do throws(PostgresFailure) {
            let rows = try connection.run("SELECT version FROM navigation_schema")
            let found = rows.isEmpty ? nil : rows.text(0, 0).flatMap { Int($0) }
            switch found {
            case nil:
                _ = try connection.run(PostgresSchemaDefinition.version1)
                _ = try connection.run("INSERT INTO navigation_schema (version) VALUES (\(version))")
            case version?:
                if try connection.run(PostgresSchemaDefinition.hasEarlierIndexes).text(0, 0) == "t" {
                    _ = try connection.run(PostgresSchemaDefinition.inPlaceUpdates)
                }
            case let newer? where newer > version:
                throw PostgresFailure.newerSchema(newer)
            case let older?:
                throw PostgresFailure("the database has navigation-server schema version \(older), which no build migrates from")
            }
            _ = try connection.run("COMMIT")
        } catch {
            _ = try? connection.run("ROLLBACK")
            throw error
        }
    }
}
