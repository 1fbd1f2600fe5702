/// The tables and functions of ``PostgresSchema/version`` 1, created in one
/// transaction when the database has none.
///
/// - `navigation_sessions`: one row per session, its summary: the last
///   version, the last record's time (ms since 1970), whether it ended,
///   the bytes its records take (``Sessions/JournalRecord/storedSize``).
///   Indexed by its key alone, and with a third of each page left free
///   (``inPlaceUpdates``).
/// - `navigation_records`: the journal, one row per record, in version
///   order by its key. `body` is the record's bytes exactly as the Sessions
///   layer wrote them (what a replay reads); `data` is the same body as
///   `jsonb` (NULL for a body that is not JSON), for a team's own questions
///   in SQL (docs/durability.md). Secrets were redacted before either.
/// - `navigation_flow_sources`: flow files' content that sessions are
///   pinned to, by SHA-256; kept once, never removed.
/// - `navigation_instances`: the instances' leased announcements, each
///   with the time, by the database's clock, its lease runs out.
enum PostgresSchemaDefinition {
    static let version1 = """
        CREATE TABLE navigation_sessions (
            id text PRIMARY KEY,
            last_version integer NOT NULL,
            last_activity bigint NOT NULL,
            ended boolean NOT NULL,
            bytes bigint NOT NULL
        ) WITH (fillfactor = 70);
        -- No other index: one on a column an append changes would make every
        -- append's update of the row a non-HOT one (see inPlaceUpdates).
        CREATE TABLE navigation_records (
            session_id text NOT NULL REFERENCES navigation_sessions (id) ON DELETE CASCADE,
            version integer NOT NULL,
            kind smallint NOT NULL,
            recorded_at bigint NOT NULL,
            body bytea NOT NULL,
            data jsonb,
            PRIMARY KEY (session_id, version)
        );
        CREATE TABLE navigation_flow_sources (
            sha256 text PRIMARY KEY,
            source bytea NOT NULL,
            kept_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE navigation_instances (
            key text PRIMARY KEY,
            announcement text NOT NULL,
            expires_at timestamptz NOT NULL
        );

        CREATE FUNCTION navigation_json(p_body bytea) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
        BEGIN
            RETURN convert_from(p_body, 'UTF8')::jsonb;
        EXCEPTION WHEN OTHERS THEN
            RETURN NULL;
        END $$;

        -- The conditional append: 0 when appended, -1 when the session is
        -- unknown or has ended, the stored version when it is another than
        -- p_expected. Under READ COMMITTED a racing UPDATE waits for the
        -- winner's commit, then finds its WHERE false: one winner per version.
        -- It notifies nobody: a notifying commit would hold a cluster-wide
        -- lock through its WAL flush (PostgresChangeNotifier notifies apart).
        CREATE FUNCTION navigation_append(
            p_session text, p_expected integer, p_kind smallint, p_time bigint, p_body bytea, p_size integer, p_ends boolean
        ) RETURNS integer LANGUAGE plpgsql AS $$
        DECLARE
            stored integer;
            stored_ended boolean;
        BEGIN
            IF p_expected = 0 THEN
                INSERT INTO navigation_sessions (id, last_version, last_activity, ended, bytes)
                    VALUES (p_session, 1, p_time, p_ends, p_size)
                    ON CONFLICT (id) DO NOTHING;
            ELSE
                UPDATE navigation_sessions
                    SET last_version = p_expected + 1, last_activity = p_time, ended = p_ends, bytes = bytes + p_size
                    WHERE id = p_session AND last_version = p_expected AND NOT ended;
            END IF;
            IF NOT FOUND THEN
                SELECT last_version, ended INTO stored, stored_ended FROM navigation_sessions WHERE id = p_session;
                IF stored IS NULL OR (stored = p_expected AND stored_ended) THEN
                    RETURN -1;
                END IF;
                RETURN stored;
            END IF;
            INSERT INTO navigation_records (session_id, version, kind, recorded_at, body, data)
                VALUES (p_session, p_expected + 1, p_kind, p_time, p_body, navigation_json(p_body));
            RETURN 0;
        END $$;

        -- Drops the leases that ran out, leases p_announcement for
        -- p_milliseconds more, and answers every announcement leased.
        -- SKIP LOCKED: two instances dropping the same stale leases never wait on each other.
        CREATE FUNCTION navigation_renew_lease(p_announcement text, p_milliseconds integer)
        RETURNS SETOF text LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM navigation_instances WHERE key IN (
                SELECT key FROM navigation_instances WHERE expires_at <= clock_timestamp() FOR UPDATE SKIP LOCKED);
            INSERT INTO navigation_instances (key, announcement, expires_at)
                VALUES (md5(p_announcement), p_announcement, clock_timestamp() + p_milliseconds * interval '1 millisecond')
                ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at;
            RETURN QUERY SELECT announcement FROM navigation_instances WHERE expires_at > clock_timestamp();
        END $$;
        """

    /// Whether the sessions' table still has the indexes an earlier build
    /// made, which ``inPlaceUpdates`` drops: `t` or `f`.
    static let hasEarlierIndexes = "SELECT to_regclass('navigation_sessions_last_activity') IS NOT NULL"

    /// The sessions' table as this build lays it out, for a database an
    /// earlier build made: each append's change to its session's row a HOT
    /// update (PostgreSQL writes the new row into the same page, in the free
    /// third, and touches no index), so that under a stream of appends the
    /// table and its key stay the size of the live sessions instead of
    /// growing a dead row and an index entry per append until a vacuum.
    /// Without these indexes the sweep's "ended or idle" reads the table
    /// through, once a sweep. Indexes are not part of ``PostgresSchema/version``:
    /// no build reads differently for them, and an earlier build of the
    /// same version starts on the table laid out this way.
    static let inPlaceUpdates = """
        DROP INDEX IF EXISTS navigation_sessions_last_activity;
        DROP INDEX IF EXISTS navigation_sessions_ended;
        ALTER TABLE navigation_sessions SET (fillfactor = 70);
        """
}
