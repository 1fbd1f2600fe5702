import CPostgres

extension PostgresConnection {
    /// Runs `statement` once with each element of `parameterLists`, in this
    /// order, as one pipeline (libpq's pipeline mode): sent together and
    /// answered together, one round trip, and one transaction that commits
    /// at the pipeline's end, so the statements share its commit and its
    /// WAL flush. The first refusal rolls every one of them back (nothing
    /// of them is stored) and is thrown; so is a lost connection or a
    /// timeout, after which their outcome is unknown, as one statement's is.
    func executeInOneTransaction(
        _ statement: PostgresStatement, _ parameterLists: [[PostgresValue]]
    ) throws(PostgresFailure) -> [PostgresRows] {
        try prepare(statement)
        // Sending blocks while the server answers the statements it has read;
        // a batch's answers (a row of one integer each, at most
        // ``PostgresAppendQueue/batchLimit``) are a few kilobytes, which the
        // sockets' buffers hold unread, so neither side waits for the other.
        guard PQenterPipelineMode(connection) == 1 else { throw broken() }
        for parameters in parameterLists {
            let sent = Self.withParameters(parameters) { count, values, lengths, formats in
                PQsendQueryPrepared(connection, statement.name, count, values, lengths, formats, 1)
            }
            guard sent == 1 else { throw broken() }
        }
        // The end of the pipeline, and of its transaction (nothing before it commits).
        guard PQpipelineSync(connection) == 1 else { throw broken() }
        let deadline = answerDeadline()
        var answers: [PostgresRows] = []
        answers.reserveCapacity(parameterLists.count)
        var refusal: PostgresFailure?
        for _ in parameterLists {
            var rows = PostgresRows()
            while let result = try nextResult(before: deadline) {
                defer { PQclear(result) }
                switch PQresultStatus(result) {
                case PGRES_TUPLES_OK, PGRES_COMMAND_OK: rows = PostgresRows(result)
                // Skipped: an earlier statement of the pipeline was refused.
                case PGRES_PIPELINE_ABORTED: break
                default: if refusal == nil { refusal = Self.refusal(result) }
                }
            }
            answers.append(rows)
        }
        guard let end = try nextResult(before: deadline) else { throw broken("PostgreSQL did not end the pipeline") }
        let status = PQresultStatus(end)
        PQclear(end)
        guard status == PGRES_PIPELINE_SYNC else { throw broken("PostgreSQL answered the pipeline out of order") }
        guard PQexitPipelineMode(connection) == 1 else { throw broken() }
        try finish(refusal)
        return answers
    }
}
