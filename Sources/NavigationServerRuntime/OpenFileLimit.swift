import Platform

/// The process's limit on open files (`RLIMIT_NOFILE`, `ulimit -n`), which
/// also bounds its connections: every connection, open live stream
/// included, is a socket. Many systems start processes with a soft limit of
/// 1,024 and a far higher hard one, so the server raises its own soft limit
/// as far as `--max-connections` needs (never past the hard limit), the way
/// nginx's `worker_rlimit_nofile` does.
enum OpenFileLimit {
    /// Descriptors the server holds besides connections: the listening
    /// socket, journal segments and their directory, log files, Redis
    /// connections (one per worker thread and the change feed),
    /// libmicrohttpd's event descriptors.
    static let reserve = 256

    /// What ``raise(toCover:)`` found and did.
    struct Outcome: Equatable {
        /// The soft limit before.
        let before: Int
        /// The soft limit now.
        let now: Int
        /// The hard limit: only root can raise it, with `ulimit -Hn` or the
        /// container's `--ulimit nofile=`.
        let hard: Int
        /// Descriptors wanted: connections plus ``reserve``.
        let needed: Int

        /// Whether every connection `--max-connections` allows can be open.
        var isEnough: Bool { now >= needed }
    }

    /// Raises the soft limit to cover `connections` connections and the
    /// ``reserve``, as far as the hard limit allows; never lowers it.
    /// Nil when the limits cannot be read.
    static func raise(toCover connections: Int) -> Outcome? {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0 else { return nil }
        let needed = connections + reserve
        let before = Int(clamping: limits.rlim_cur)
        let hard = Int(clamping: limits.rlim_max)
        guard before < needed else { return Outcome(before: before, now: before, hard: hard, needed: needed) }
        var raised = limits
        raised.rlim_cur = rlim_t(min(needed, hard))
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 else {
            return Outcome(before: before, now: before, hard: hard, needed: needed)
        }
        return Outcome(before: before, now: Int(clamping: raised.rlim_cur), hard: hard, needed: needed)
    }
}
