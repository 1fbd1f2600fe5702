/// When a file store asks the disk to persist what it wrote: Redis's AOF
/// policies, with the same names and meanings. A record is always written
/// to the operating system before an append returns, so a process crash
/// (`kill -9`) loses nothing under any policy; the policy decides what a
/// power loss or kernel crash may lose.
public enum FsyncPolicy: String, Sendable, CaseIterable {
    /// An append returns after fsync. Group commit: one fsync covers every
    /// append waiting at that moment.
    case always
    /// A background thread fsyncs at most once a second; a power loss may
    /// lose the last second.
    case everysec
    /// Never fsync the journal; the operating system flushes when it likes.
    case no
}
