import CPostgres
import Platform

/// One libpq connection, on the database of the store's URI.
///
/// Statements are sent without blocking for the answer (`PQsendQueryPrepared`)
/// and their answers awaited with `poll(2)`, so that no call waits longer
/// than `commandTimeout` seconds for a server that stopped answering.
///
/// Not thread-safe (a libpq connection is not): ``PostgresConnectionPool``
/// lends each connection to one thread at a time. Once the connection is
/// lost or a wait has timed out it is ``isBroken`` and is thrown away: an
/// answer may still be on its way, and would pair with the next statement.
final class PostgresConnection {
    let connection: OpaquePointer
    let commandTimeout: Double
    private(set) var isBroken = false
    /// The statements prepared on this connection (``PostgresStatement/name``).
    private var prepared: Set<String> = []

    /// Connects within `connectTimeout` seconds (libpq's `connect_timeout`,
    /// per host, 2 s at least; a `connect_timeout` in the URI wins).
    ///
    /// The server's `lock_timeout` becomes ``lockTimeoutShare`` of
    /// `commandTimeout` unless the URI, the role or the database set one: a statement waiting for a lock (another client's
    /// `LOCK TABLE`, a row another append holds) is cancelled by the server
    /// itself before this side stops waiting, so its refusal arrives and
    /// nothing of it commits later. A command timeout on this side leaves
    /// the outcome unknown (the statement may still commit); a lock timeout
    /// does not. (`statement_timeout` would not do: it also cancels a
    /// commit's wait for a synchronous standby, and that commit stays,
    /// committed on the primary alone.)
    init(_ url: PostgresURL, connectTimeout: Double, commandTimeout: Double) throws(PostgresFailure) {
        // The URI goes last: what it sets wins over these defaults.
        let settings = [
            ("connect_timeout", String(max(2, Int(connectTimeout.rounded(.up))))),
            ("application_name", "navigation-server"),
            ("dbname", url.text),
        ]
        let opened = Self.withCStrings(settings.map(\.0)) { keywords in
            Self.withCStrings(settings.map(\.1)) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let opened else { throw PostgresFailure("cannot allocate a connection") }
        connection = opened
        self.commandTimeout = commandTimeout
        // Every stored property is set: from here on a throw runs deinit, which closes it.
        guard PQstatus(connection) == CONNECTION_OK else {
            throw PostgresFailure("cannot connect: \(Self.errorText(connection))")
        }
        // The server's notices (`relation … already exists, skipping`) are
        // not the server's log: libpq would print each one on stderr.
        PQsetNoticeProcessor(connection, { _, _ in }, nil)
        let lockTimeout = max(1, Int(commandTimeout * Self.lockTimeoutShare * 1000))
        _ = try run("SELECT set_config('lock_timeout', '\(lockTimeout)', false) WHERE current_setting('lock_timeout') = '0'")
    }

    /// The share of the command timeout the server waits for a lock.
    static let lockTimeoutShare = 0.8

    deinit {
        PQfinish(connection)
    }

    /// Whether an idle connection can be used, as far as can be told
    /// without a round trip: false once the server has closed it (a restart,
    /// a failover, an administrator's `pg_terminate_backend`: each sends a
    /// last message and closes the socket, which an idle connection only
    /// learns of by reading).
    var isUsable: Bool {
        guard !isBroken else { return false }
        var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
        // Anything to read on an idle connection is the server's last
        // words (`FATAL: terminating connection…`) or its end: the
        // connection is not used again.
        if poll(&descriptor, 1, 0) != 0 { isBroken = true }
        return !isBroken
    }

    /// Runs `statement` with `parameters` (prepared on this connection the
    /// first time) and returns its rows.
    func execute(_ statement: PostgresStatement, _ parameters: [PostgresValue] = []) throws(PostgresFailure) -> PostgresRows {
        try prepare(statement)
        let sent = Self.withParameters(parameters) { count, values, lengths, formats in
            // Rows come back in binary: integers and bytes need no parsing.
            PQsendQueryPrepared(connection, statement.name, count, values, lengths, formats, 1)
        }
        guard sent == 1 else { throw broken() }
        return try awaitResults()
    }

    /// Prepares `statement` on this connection unless it was already.
    func prepare(_ statement: PostgresStatement) throws(PostgresFailure) {
        guard !isBroken else { throw PostgresFailure("the connection was lost") }
        guard !prepared.contains(statement.name) else { return }
        guard PQsendPrepare(connection, statement.name, statement.sql, Int32(statement.parameterCount), nil) == 1 else {
            throw broken()
        }
        _ = try awaitResults()
        prepared.insert(statement.name)
    }

    /// Runs `sql`, one statement or several separated by semicolons, without
    /// parameters or preparing (the schema's DDL); the last statement's rows,
    /// in text.
    func run(_ sql: String) throws(PostgresFailure) -> PostgresRows {
        guard !isBroken else { throw PostgresFailure("the connection was lost") }
        guard PQsendQuery(connection, sql) == 1 else { throw broken() }
        return try awaitResults()
    }

    /// The payloads of the notifications that arrived on a connection that
    /// `LISTEN`s, waiting at most `seconds` for one; empty when none came.
    func notifications(within seconds: Double) throws(PostgresFailure) -> [String] {
        guard !isBroken else { throw PostgresFailure("the connection was lost") }
        var payloads = try takeNotifications()
        if payloads.isEmpty, try waitUntilReadable(seconds: seconds) {
            payloads = try takeNotifications()
        }
        return payloads
    }

    private func takeNotifications() throws(PostgresFailure) -> [String] {
        guard PQconsumeInput(connection) == 1 else { throw broken() }
        var payloads: [String] = []
        while let notification = PQnotifies(connection) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        return payloads
    }

    /// Reads every result of what was sent, within `commandTimeout`; the
    /// last result's rows, or the first error the server answered.
    private func awaitResults() throws(PostgresFailure) -> PostgresRows {
        let deadline = answerDeadline()
        var rows = PostgresRows()
        var refusal: PostgresFailure?
        while let result = try nextResult(before: deadline) {
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK {
                rows = PostgresRows(result)
            } else if refusal == nil {
                refusal = Self.refusal(result)
            }
        }
        try finish(refusal)
        return rows
    }

    /// After every result of what was sent is read: throws when the
    /// connection was lost meanwhile, else `refusal`, the first error the
    /// server answered (one that means another connection may succeed
    /// breaks this one).
    func finish(_ refusal: PostgresFailure?) throws(PostgresFailure) {
        if PQstatus(connection) != CONNECTION_OK { throw broken() }
        if let refusal {
            if refusal.meansAnotherConnection { isBroken = true }
            throw refusal
        }
    }

    /// When an answer sent for now must have arrived: `commandTimeout` from now.
    func answerDeadline() -> ContinuousClock.Instant {
        ContinuousClock.now + .milliseconds(Int(commandTimeout * 1000))
    }

    /// libpq's next result (nil: the current statement's results are all
    /// read), waiting for it until `deadline`; past that the connection is
    /// broken (an answer may still come) and the wait throws.
    func nextResult(before deadline: ContinuousClock.Instant) throws(PostgresFailure) -> OpaquePointer? {
        while PQisBusy(connection) == 1 {
            let left = deadline - ContinuousClock.now
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            guard seconds > 0, try waitUntilReadable(seconds: seconds) else {
                isBroken = true
                throw PostgresFailure("PostgreSQL did not answer within \(commandTimeout) s")
            }
            guard PQconsumeInput(connection) == 1 else { throw broken() }
        }
        return PQgetResult(connection)
    }

    /// Waits until the socket can be read, at most `seconds`: false when it
    /// could not in that time.
    private func waitUntilReadable(seconds: Double) throws(PostgresFailure) -> Bool {
        let socket = PQsocket(connection)
        guard socket >= 0 else { throw broken() }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, Int32(max(1, (seconds * 1000).rounded(.up))))
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { throw broken() }
            return ready > 0
        }
    }

    /// Breaks the connection, for libpq's reason.
    func broken() -> PostgresFailure {
        broken(Self.errorText(connection))
    }

    /// Breaks the connection (it is not used again), for `reason`.
    func broken(_ reason: String) -> PostgresFailure {
        isBroken = true
        return PostgresFailure(reason)
    }

    /// The server's refusal: its primary message and SQLSTATE, without the
    /// context (the lines of the store's own SQL it was in).
    static func refusal(_ result: OpaquePointer) -> PostgresFailure {
        let field = { (code: Character) in PQresultErrorField(result, Int32(code.asciiValue ?? 0)).map { String(cString: $0) } }
        guard let message = field("M") else {
            let text = PQresultErrorMessage(result).map { String(cString: $0) } ?? ""
            return PostgresFailure(oneLine(text.isEmpty ? "PostgreSQL refused a statement" : text), sqlState: field("C"))
        }
        let state = field("C")
        return PostgresFailure("\(field("S") ?? "ERROR"): \(oneLine(message))" + (state.map { " (SQLSTATE \($0))" } ?? ""), sqlState: state)
    }

    private static func errorText(_ connection: OpaquePointer) -> String {
        let text = PQerrorMessage(connection).map { String(cString: $0) } ?? ""
        return text.isEmpty ? "the connection was lost" : oneLine(text)
    }

    /// libpq's messages span lines (a detail, a hint): one line for a log.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { line in
            String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }.joined(separator: "; ")
    }

    /// Calls `body` with a C array of copies of `strings`, NULL-terminated.
    private static func withCStrings<Result>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let array = copies.map { UnsafePointer($0) } + [nil]
        return array.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// Calls `body` with libpq's parameter arrays for `parameters`: text
    /// ones in text format, bytes in binary (no escaping).
    static func withParameters<Result>(
        _ parameters: [PostgresValue],
        _ body: (Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> Result
    ) -> Result {
        let copies = parameters.map { parameter -> UnsafeMutablePointer<CChar> in
            let bytes = parameter.bytes
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawPointer(copy).copyMemory(from: source.baseAddress ?? UnsafeRawPointer(copy), byteCount: source.count)
            }
            copy[bytes.count] = 0
            return copy
        }
        defer { for copy in copies { copy.deallocate() } }
        let values = copies.map { UnsafePointer<CChar>?(UnsafePointer($0)) }
        let lengths = parameters.map { Int32($0.bytes.count) }
        let formats = parameters.map { parameter -> Int32 in
            if case .bytes = parameter { return 1 }
            return 0
        }
        return values.withUnsafeBufferPointer { values in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    body(Int32(parameters.count), values.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}
