import StoreTestSupport
import TestSupport
import Testing

@testable import PostgresStore
@testable import Sessions

/// How the store lays out the sessions' table: every append's change to
/// its session's row is a HOT update (no index touched, no dead row left
/// for a vacuum), and a database an earlier build made with indexes on
/// that table loses them at start, keeping its journals and its version.
@Suite("PostgreSQL sessions' table", .timeLimit(.minutes(10)), .hangGuard)
struct PostgresSessionsTableTests {
    /// `navigation_append` of `record` in SQL, as the store sends it.
    private static func appendSQL(_ record: JournalRecord) -> String {
        let hex = record.body.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        return """
            SELECT navigation_append('\(record.sessionID)', \(record.version - 1), \(record.kind.rawValue)::smallint, \
            \(record.time), '\\x\(hex)'::bytea, \(record.storedSize), \(record.kind == .ended));
            """
    }

    @Test func theIndexesAnEarlierBuildMadeAreDroppedAtStartAndTheJournalsKept() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = PostgresTestCluster.database(in: url)
        let older = Journal.session(1, versions: 3)
        _ = try cluster.psql(
            """
            BEGIN;
            CREATE TABLE navigation_schema (singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton), version integer NOT NULL);
            \(PostgresSchemaDefinition.version1)
            CREATE INDEX navigation_sessions_last_activity ON navigation_sessions (last_activity);
            CREATE INDEX navigation_sessions_ended ON navigation_sessions (id) WHERE ended;
            ALTER TABLE navigation_sessions RESET (fillfactor);
            INSERT INTO navigation_schema (version) VALUES (1);
            \(older.map(Self.appendSQL).joined(separator: "\n"))
            COMMIT;
            """, database: database)
        #expect(try cluster.psql("SELECT count(*) FROM pg_indexes WHERE tablename = 'navigation_sessions'", database: database) == "3\n")

        let store = try PostgresTestCluster.store(url)
        defer { store.close() }
        #expect(try store.records(of: Journal.id(1), after: 0) == older)
        try store.append(Journal.event(1, version: 4, time: 5_000), expectedVersion: 3)
        #expect(try store.summary(of: Journal.id(1))?.lastVersion == 4)
        #expect(try cluster.psql("SELECT version FROM navigation_schema", database: database) == "1\n")
        #expect(
            try cluster.psql("SELECT indexname FROM pg_indexes WHERE tablename = 'navigation_sessions'", database: database)
                == "navigation_sessions_pkey\n")
        #expect(
            try cluster.psql("SELECT reloptions FROM pg_class WHERE relname = 'navigation_sessions'", database: database)
                == "{fillfactor=70}\n")
    }

    /// Appends that change a session's version, its last activity, its size
    /// and at last its end leave no index entry and no row a vacuum must
    /// clear: PostgreSQL counts each a HOT update.
    @Test func everyAppendChangesItsSessionsRowInPlace() throws {
        let cluster = try PostgresTestCluster.shared()
        let url = try cluster.createDatabase()
        let database = PostgresTestCluster.database(in: url)
        let store = try PostgresTestCluster.store(url)
        defer { store.close() }
        #expect(try store.probe())
        let session = Journal.session(1, versions: 6)
        let ended = Journal.ended(1, version: 7, time: 9_000)
        let counts = try cluster.psql(
            """
            BEGIN;
            \((session + [ended]).map(Self.appendSQL).joined(separator: "\n"))
            SELECT pg_stat_get_xact_tuples_updated('navigation_sessions'::regclass),
                pg_stat_get_xact_tuples_hot_updated('navigation_sessions'::regclass);
            COMMIT;
            """, database: database)
        #expect(counts.split(separator: "\n").last == "6|6", "\(counts)")
        #expect(try store.summary(of: Journal.id(1))?.ended == true)
    }
}
