/// A statement the store prepares on each connection once, by name, and
/// then sends with its parameters only.
struct PostgresStatement: Sendable {
    let name: String
    let sql: String
    let parameterCount: Int

    /// The conditional append (`navigation_append`, ``PostgresSchemaDefinition``):
    /// session, expected version, kind, time, body, stored size, whether it ends the session.
    static let append = PostgresStatement(
        "navigation_append",
        "SELECT navigation_append($1::text, $2::integer, $3::smallint, $4::bigint, $5::bytea, $6::integer, $7::boolean)", 7)

    /// The change feed's hints, one `"<id> <version>"` on
    /// `navigation_changes` per element of a `text[]`, in a transaction of
    /// their own (``PostgresChangeNotifier``).
    static let notify = PostgresStatement(
        "navigation_notify", "SELECT pg_notify('navigation_changes', change) FROM unnest($1::text[]) AS change", 1)

    /// The columns of a ``Sessions/SessionSummary``, in this order.
    private static let summaryColumns = "id, last_version, last_activity, ended, bytes"

    static let summary = PostgresStatement(
        "navigation_summary", "SELECT \(summaryColumns) FROM navigation_sessions WHERE id = $1::text", 1)

    static let sessions = PostgresStatement("navigation_sessions", "SELECT \(summaryColumns) FROM navigation_sessions", 0)

    static let endedOrIdleSessions = PostgresStatement(
        "navigation_ended_or_idle",
        "SELECT \(summaryColumns) FROM navigation_sessions WHERE ended OR last_activity < $1::bigint", 1)

    /// A session's records after a version; one row of NULLs when it has
    /// none after it, no row when the session is unknown.
    static let records = PostgresStatement(
        "navigation_records",
        """
        SELECT r.version, r.kind, r.recorded_at, r.body FROM navigation_sessions s
        LEFT JOIN navigation_records r ON r.session_id = s.id AND r.version > $2::integer
        WHERE s.id = $1::text ORDER BY r.version
        """, 2)

    /// The last `created` (1) or `migrated` (6) record of a session.
    static let startRecord = PostgresStatement(
        "navigation_start_record",
        """
        SELECT version, kind, recorded_at, body FROM navigation_records
        WHERE session_id = $1::text AND kind IN (1, 6) ORDER BY version DESC LIMIT 1
        """, 1)

    static let drop = PostgresStatement("navigation_drop", "DELETE FROM navigation_sessions WHERE id = $1::text", 1)

    static let liveSessionCount = PostgresStatement(
        "navigation_live_count", "SELECT count(*) FROM navigation_sessions WHERE NOT ended", 0)

    static let keepFlowSource = PostgresStatement(
        "navigation_keep_flow_source",
        "INSERT INTO navigation_flow_sources (sha256, source) VALUES ($1::text, $2::bytea) ON CONFLICT (sha256) DO NOTHING", 2)

    static let flowSource = PostgresStatement(
        "navigation_flow_source", "SELECT source FROM navigation_flow_sources WHERE sha256 = $1::text", 1)

    static let renewLease = PostgresStatement(
        "navigation_renew_lease", "SELECT navigation_renew_lease($1::text, $2::integer)", 2)

    static let releaseLease = PostgresStatement(
        "navigation_release_lease", "DELETE FROM navigation_instances WHERE key = md5($1::text)", 1)

    static let probe = PostgresStatement("navigation_probe", "SELECT 1", 0)

    init(_ name: String, _ sql: String, _ parameterCount: Int) {
        self.name = name
        self.sql = sql
        self.parameterCount = parameterCount
    }
}
