/// What ``PostgresStore/verify()`` found: the rows it read and every place
/// where the tables contradict what the store writes (a team's own SQL, a
/// restore of part of a backup, a bug).
public struct PostgresVerification: Sendable, Equatable {
    /// The rows of `navigation_sessions`.
    public var sessions: Int
    /// The rows of `navigation_records`.
    public var records: Int
    /// One line each, naming the session and what is wrong, in the order
    /// of the checks and then of session ids; empty when the tables agree.
    public var problems: [String]

    public init(sessions: Int, records: Int, problems: [String]) {
        self.sessions = sessions
        self.records = records
        self.problems = problems
    }
}
