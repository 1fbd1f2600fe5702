/// PostgreSQL could not be reached, did not answer in time, or refused a
/// statement: the store turns this into
/// ``Sessions/StoreError/unavailable(reason:)``.
///
/// Its reason is libpq's or the server's message, never the connection
/// URI: that may hold the password.
struct PostgresFailure: Error, Sendable {
    let reason: String
    /// The server's SQLSTATE for a refused statement (`40P01`, a deadlock);
    /// nil when the connection failed.
    var sqlState: String?
    /// The schema version the database has when it is newer than this
    /// build knows (``PostgresSchema/version``): nothing may be written.
    var newerSchema: Int?

    init(_ reason: String, sqlState: String? = nil) {
        self.reason = reason
        self.sqlState = sqlState
    }

    /// Whether the server refused because of where this connection is,
    /// not what it sent, so that another connection may succeed: a server
    /// that takes no writes (`25006`: a standby, or a primary demoted in a
    /// failover, while another host of the URI is the primary now), one
    /// shutting down (`57P…`) or a connection fault (`08…`).
    var meansAnotherConnection: Bool {
        guard let sqlState else { return false }
        return sqlState == "25006" || sqlState.hasPrefix("57P") || sqlState.hasPrefix("08")
    }

    /// The database's schema is `found`, newer than this build's.
    static func newerSchema(_ found: Int) -> PostgresFailure {
        var failure = PostgresFailure(
            "the database has navigation-server schema version \(found), but this build knows version \(PostgresSchema.version) at most; use a newer navigation-server"
        )
        failure.newerSchema = found
        return failure
    }
}
