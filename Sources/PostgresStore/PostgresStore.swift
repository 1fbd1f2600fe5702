import Platform
import Sessions

/// A ``Sessions/SessionStore`` in PostgreSQL, shared by every instance on
/// the same database: each instance serves every session, and an append
/// returns once committed (on the synchronous standbys too, when the
/// database has some).
///
/// The tables are ``PostgresSchemaDefinition``'s, made sure of by
/// ``PostgresSchema`` on the first connection. An append is one round trip:
/// the prepared call of `navigation_append`, a function that checks the
/// expected version and appends in one transaction, so two instances never
/// both win a version; appends that arrive together share a pipeline, its
/// round trip and its commit (``PostgresAppendQueue``). A summary is one
/// indexed `SELECT`. After each
/// append, `navigation_changes` (``changesChannel``) is notified, in batches
/// of their own (``PostgresChangeNotifier``), and ``observeChanges(_:)``
/// listens to it.
///
/// Unlike Redis, the database does not expire sessions: the registry's
/// sweep does (``expiresIdleSessions`` is false), asking for the ended and
/// idle sessions on every instance (their conditional appends make the
/// sweeps safe together).
///
/// Every failure (refused connection, timeout, lost connection, a refused
/// statement) is ``Sessions/StoreError/unavailable(reason:)``, and nothing
/// was stored; connections reconnect by themselves on the next operation.
public final class PostgresStore: SessionStore {
    /// The channel appends are announced on, `"<session id> <version>"`
    /// each (``PostgresChangeNotifier``).
    public static let changesChannel = "navigation_changes"

    let pool: PostgresConnectionPool
    private let appends: PostgresAppendQueue
    private let closed = Locked(false)
    private let feeds = Locked<[PostgresChangeFeed]>([])
    /// Made by the first append (a store that only reads starts no thread).
    private let changeNotifier = Locked<PostgresChangeNotifier?>(nil)

    /// Nothing is sent until the first operation: a server whose database
    /// is down starts, and answers 503 until it is back.
    /// - Parameters:
    ///   - connectTimeout: seconds a connection attempt may take, per host
    ///     (libpq's `connect_timeout`, 2 at least; the URI's own wins).
    ///   - commandTimeout: seconds an answer may take before the operation
    ///     is `unavailable` (and the connection replaced).
    public init(url: PostgresURL, connectTimeout: Double = 2, commandTimeout: Double = 5) {
        pool = PostgresConnectionPool(url: url, connectTimeout: connectTimeout, commandTimeout: commandTimeout)
        appends = PostgresAppendQueue(pool: pool)
    }

    /// Every instance on this database writes the same sessions.
    public var isShared: Bool { true }

    /// `SELECT 1`, on a connection whose schema is made sure of: throws
    /// ``Sessions/StoreError/newerFormat(file:found:supported:)`` for a
    /// schema newer than this build's, and
    /// ``Sessions/StoreError/unavailable(reason:)`` unless the database answers.
    @discardableResult
    public func probe() throws(StoreError) -> Bool {
        _ = try run(newerSchemaRefused: true) { connection throws(PostgresFailure) in try connection.execute(.probe) }
        return true
    }

    /// Where the database is (its password masked when shown).
    public var url: PostgresURL { pool.url }

    /// Every session's summary (for start-up and the sweep's count, never
    /// a request). Empty when the database cannot be reached.
    public func sessions() -> [SessionSummary] {
        (try? allSessions()) ?? []
    }

    /// Every session's summary, or why the database could not be asked
    /// (for the `journal` tools, which must not take that for no sessions).
    public func allSessions() throws(StoreError) -> [SessionSummary] {
        try run { connection throws(PostgresFailure) in Self.summaries(try connection.execute(.sessions)) }
    }

    /// The ended sessions and those idle since before `idleBefore`: one read
    /// of the sessions' table (no index covers what an append changes,
    /// ``PostgresSchemaDefinition/inPlaceUpdates``). Empty when the database
    /// cannot be reached.
    public func sessions(endedOrIdleBefore idleBefore: Int64) -> [SessionSummary] {
        let rows = try? run { connection throws(PostgresFailure) in
            try connection.execute(.endedOrIdleSessions, [.integer(idleBefore)])
        }
        return rows.map(Self.summaries) ?? []
    }

    public func summary(of id: String) throws(StoreError) -> SessionSummary? {
        let rows = try run { connection throws(PostgresFailure) in try connection.execute(.summary, [.text(id)]) }
        return Self.summaries(rows).first
    }

    public func append(_ record: JournalRecord, expectedVersion: Int) throws(StoreError) {
        try record.validate(expectedVersion: expectedVersion)
        let parameters: [PostgresValue] = [
            .text(record.sessionID), .integer(expectedVersion), .integer(record.kind.rawValue), .integer(record.time),
            .bytes(record.body), .integer(record.storedSize), .boolean(record.kind == .ended),
        ]
        let answer = try failing { () throws(PostgresFailure) in
            try appends.append(sessionID: record.sessionID, parameters: parameters, bytes: record.body.count)
        }
        switch answer {
        case 0: notifier().send(record.sessionID, record.version)
        case -1: throw .notFound
        case let current where current > 0: throw .conflict(currentVersion: Int(current))
        default: throw .unavailable(reason: "PostgreSQL answered the append with \(answer)")
        }
    }

    public func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        let rows = try run { connection throws(PostgresFailure) in
            try connection.execute(.records, [.text(id), .integer(max(0, version))])
        }
        guard !rows.isEmpty else { throw .notFound }
        var records: [JournalRecord] = []
        records.reserveCapacity(rows.count)
        for row in 0..<rows.count where rows.bytes(row, 0) != nil {
            guard let record = Self.record(of: id, rows, row), record.version == max(0, version) + records.count + 1 else {
                throw .corrupt(file: "postgresql navigation_records of session \(id)", offset: Int64(row), reason: "not a journal record")
            }
            records.append(record)
        }
        return records
    }

    /// The last `created` or `migrated` record, by the records' key read
    /// backwards: one row, whatever the journal's length.
    public func startRecord(of id: String) throws(StoreError) -> JournalRecord? {
        let rows = try run { connection throws(PostgresFailure) in try connection.execute(.startRecord, [.text(id)]) }
        guard !rows.isEmpty else { return nil }
        guard let record = Self.record(of: id, rows, 0) else {
            throw .corrupt(file: "postgresql navigation_records of session \(id)", offset: 0, reason: "not a journal record")
        }
        return record
    }

    /// Deletes the session's row, and so its records (`ON DELETE CASCADE`).
    public func drop(_ id: String) {
        _ = try? run { connection throws(PostgresFailure) in try connection.execute(.drop, [.text(id)]) }
    }

    /// The sessions not ended, counted exactly by the database.
    public func liveSessionCount() throws(StoreError) -> Int {
        let rows = try run { connection throws(PostgresFailure) in try connection.execute(.liveSessionCount) }
        return Int(rows.isEmpty ? 0 : rows.integer(0, 0) ?? 0)
    }

    public func close() {
        closed.withLock { $0 = true }
        pool.closeIdle()
        for feed in feeds.withLock({ $0 }) { feed.stop() }
        changeNotifier.withLock { $0 }?.stop()
    }

    /// How many appends wait for a pipeline to take them now (``PostgresAppendQueue``).
    var appendsWaiting: Int { appends.waitingCount }

    /// How many notifying transactions this store has started (``PostgresChangeNotifier``).
    var notifyingTransactions: Int { changeNotifier.withLock { $0 }?.transactionCount ?? 0 }

    /// What tells the other instances of an append (``PostgresChangeNotifier``).
    private func notifier() -> PostgresChangeNotifier {
        changeNotifier.withLock { notifier in
            if let notifier { return notifier }
            let made = PostgresChangeNotifier(pool: pool)
            notifier = made
            return made
        }
    }

    /// `LISTEN`s to ``changesChannel`` on a connection of its own (see
    /// ``PostgresChangeFeed``): every instance's appends, this one's included.
    public func observeChanges(_ handler: @escaping @Sendable (_ sessionID: String, _ version: Int) -> Void) -> Bool {
        let feed = PostgresChangeFeed(pool: pool, channel: Self.changesChannel, handler: handler)
        feeds.withLock { $0.append(feed) }
        return true
    }

    /// Runs `body` on a pooled connection; a failure is `unavailable`, and
    /// so is a newer schema, unless `newerSchemaRefused` makes it
    /// `newerFormat` (what start-up refuses to run on).
    func run<Result>(
        newerSchemaRefused: Bool = false, _ body: (PostgresConnection) throws(PostgresFailure) -> Result
    ) throws(StoreError) -> Result {
        try failing(newerSchemaRefused: newerSchemaRefused) { () throws(PostgresFailure) in try pool.withConnection(body) }
    }

    /// `body`, unless the store is closed; its failure as ``run(newerSchemaRefused:_:)`` says.
    private func failing<Result>(
        newerSchemaRefused: Bool = false, _ body: () throws(PostgresFailure) -> Result
    ) throws(StoreError) -> Result {
        guard !closed.withLock({ $0 }) else { throw .unavailable(reason: "the store is closed") }
        do {
            return try body()
        } catch {
            if newerSchemaRefused, let found = error.newerSchema {
                throw .newerFormat(file: "the PostgreSQL database \(pool.url)", found: found, supported: PostgresSchema.version)
            }
            throw .unavailable(reason: "PostgreSQL at \(pool.url): \(error.reason)")
        }
    }

    /// The summaries in rows of ``PostgresStatement``'s summary columns.
    private static func summaries(_ rows: PostgresRows) -> [SessionSummary] {
        (0..<rows.count).compactMap { row in
            guard let id = rows.text(row, 0), let version = rows.integer(row, 1), let time = rows.integer(row, 2),
                let ended = rows.boolean(row, 3), let bytes = rows.integer(row, 4)
            else { return nil }
            return SessionSummary(id: id, lastVersion: Int(version), lastActivity: time, ended: ended, bytes: Int(bytes))
        }
    }

    /// The record of session `id` in `row` (version, kind, time, body); nil
    /// when the row does not hold one.
    private static func record(of id: String, _ rows: PostgresRows, _ row: Int) -> JournalRecord? {
        guard let version = rows.integer(row, 0), version >= 1, let kindNumber = rows.integer(row, 1),
            let kindByte = UInt8(exactly: kindNumber), let kind = JournalRecord.Kind(rawValue: kindByte),
            let time = rows.integer(row, 2), let body = rows.bytes(row, 3)
        else { return nil }
        return JournalRecord(sessionID: id, version: Int(version), kind: kind, time: time, body: body)
    }
}
