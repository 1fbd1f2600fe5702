import Coordination

/// Where sessions' journals last: a file store, Redis, or memory.
///
/// A session is a deterministic function of its flow, its start context and
/// its accepted events, so a store keeps only that journal (one
/// ``JournalRecord`` per change) and the caller rebuilds sessions by replay.
/// Every write is a conditional append, so two writers (threads or server
/// instances) never both win the same version.
public protocol SessionStore: Sendable {
    /// Every session the store holds, ended or not (until dropped). Cheap:
    /// answered from an index, no record is read.
    func sessions() -> [SessionSummary]

    /// The sessions that have ended or whose last stored activity is before
    /// `idleBefore` (milliseconds since 1970): what the idle sweep looks at.
    /// The default filters ``sessions()``; an index answers without a
    /// summary of every session (~140 bytes each, every sweep).
    func sessions(endedOrIdleBefore idleBefore: Int64) -> [SessionSummary]

    /// The summary of one session, or nil if the store does not hold it.
    /// - Throws: ``StoreError/unavailable(reason:)`` when the store cannot
    ///   be asked now (a remote store); local stores never throw.
    func summary(of id: String) throws(StoreError) -> SessionSummary?

    /// ``summary(of:)`` for a caller that parsed the id already: `key` is
    /// `id` as a ``SessionKey``. The default asks ``summary(of:)``; a store
    /// indexed by key answers without parsing the id again.
    func summary(of id: String, key: SessionKey) throws(StoreError) -> SessionSummary?

    /// Appends `record` if and only if the session's last stored version is
    /// `expectedVersion` (0 for a new session's `created` record).
    ///
    /// Returns once the record is durable as the store promises (for a file
    /// store: written to the operating system, and on disk too under its
    /// `FsyncPolicy.always`).
    /// - Throws: ``StoreError/conflict(currentVersion:)`` if another version
    ///   is stored; ``StoreError/notFound`` if the session does not exist (and
    ///   `expectedVersion` is not 0) or has ended;
    ///   ``StoreError/invalidRecord(reason:)`` if `record.version !=
    ///   expectedVersion + 1` or the record is malformed;
    ///   ``StoreError/unavailable(reason:)`` if it cannot be stored now (then
    ///   nothing was stored).
    func append(_ record: JournalRecord, expectedVersion: Int) throws(StoreError)

    /// ``append(_:expectedVersion:)`` for a caller that parsed the id
    /// already: `key` is `record.sessionID` as a ``SessionKey``. The
    /// default appends as usual; a store indexed by key appends without
    /// parsing the id again.
    func append(_ record: JournalRecord, expectedVersion: Int, key: SessionKey) throws(StoreError)

    /// The session's records with a version greater than `version`, in
    /// order: all of them for `version` 0; what a cache that is behind has
    /// not seen yet otherwise.
    /// - Throws: ``StoreError/notFound`` if the store does not hold the session.
    func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord]

    /// The record the session was last started by: its `created` record,
    /// or its last `migrated` one (a newer flow version took it over); it
    /// names the flow version the session is pinned to. Nil if the store
    /// does not hold the session. The default reads ``records(of:after:)``;
    /// a store that knows where it is reads only that record.
    func startRecord(of id: String) throws(StoreError) -> JournalRecord?

    /// Forgets a session that has ended or expired: it is no longer listed
    /// or served, and compaction reclaims its records. A file store does not
    /// journal the drop itself: until compaction has run, a dropped session
    /// may be listed again after a restart, where its `ended` flag or idle
    /// time leads the caller to drop it again.
    func drop(_ id: String)

    /// Flushes what the store promises to flush and releases its resources;
    /// later calls throw ``StoreError/unavailable(reason:)``.
    func close()

    /// True when the store expires idle sessions by itself (Redis's
    /// `EXPIRE`): the registry then does not expire sessions (its sweep only
    /// recounts the store's sessions for `--max-sessions`).
    var expiresIdleSessions: Bool { get }

    /// True when other server instances may write the same sessions (Redis):
    /// an effect this instance did not start may then be in flight on
    /// another one, and is taken over only once it has waited out
    /// `--effect-timeout`, and a cached session may be behind the store, so
    /// a read checks it first (its ``summary(of:)``), and a change counts on
    /// its conditional append to find out (a lost race is tried again on
    /// the caught-up session). False when
    /// this process is the only writer (the file store holds its
    /// directory's lock): a cached session is then as new as the store.
    var isShared: Bool { get }

    /// Asks a remote store whether it can be used now: true when it
    /// answered, false when there is nothing to ask (a local store, whose
    /// health only a real write shows). What `/readyz` asks, and start-up.
    /// - Throws: ``StoreError/unavailable(reason:)`` when it did not answer.
    @discardableResult
    func probe() throws(StoreError) -> Bool

    /// How many sessions the store holds that have not ended: what
    /// `--max-sessions` counts. A store that expires sessions itself answers
    /// from an index of its own, approximately (Redis:
    /// `RedisSessionIndex`); the default counts ``sessions()``.
    /// - Throws: ``StoreError/unavailable(reason:)`` when the store cannot
    ///   be asked now.
    func liveSessionCount() throws(StoreError) -> Int

    /// Calls `handler(sessionID, version)` on a background thread for
    /// records appended through this store by any writer, other server
    /// instances included, until ``close()``. Returns false when the store
    /// has no such feed (a local store: the registry sees every append
    /// itself). Best effort: a change may go unreported (Redis pub/sub
    /// drops messages while the subscriber reconnects), so a consumer (live
    /// streams) takes a call as a hint to check the session's version.
    func observeChanges(_ handler: @escaping @Sendable (_ sessionID: String, _ version: Int) -> Void) -> Bool

    /// Holds `announcement` (one line of text, ≤ 64 KiB) for the next
    /// `milliseconds`, measured by the store's own clock, and answers every
    /// announcement whose lease has not run out, this one's included: how
    /// the instances on a shared store learn which flow versions the others
    /// host. Each instance renews its lease well before it runs out, and
    /// releases it at a graceful stop (``releaseLease(_:)``), so a killed
    /// instance's announcement outlives it by `milliseconds` at most. Nil
    /// from a store no other instance writes (the default).
    /// - Throws: ``StoreError/unavailable(reason:)`` when the store cannot
    ///   be asked now.
    func renewLease(_ announcement: String, forMilliseconds milliseconds: Int) throws(StoreError) -> [String]?

    /// Ends the lease on `announcement` at once; best effort (a lease the
    /// store did not hear about runs out by itself).
    func releaseLease(_ announcement: String)

    /// Keeps `source` (a flow file's content) under its digest, durably as
    /// records are, before the first session pinned to it is created: any
    /// instance on the store then replays that session, even once the file
    /// is gone. Kept once: keeping a digest the store has is a no-op.
    /// Sources are never dropped (sessions may be pinned to them).
    /// - Throws: ``StoreError/unavailable(reason:)`` when it cannot be kept now.
    func keepFlowSource(_ source: FlowSource) throws(StoreError)

    /// The flow source kept under `sha256`, or nil when there is none.
    /// - Throws: ``StoreError/unavailable(reason:)`` when the store cannot
    ///   be asked now.
    func flowSource(sha256: String) throws(StoreError) -> FlowSource?
}

extension SessionStore {
    public func sessions(endedOrIdleBefore idleBefore: Int64) -> [SessionSummary] {
        sessions().filter { $0.ended || $0.lastActivity < idleBefore }
    }

    public func summary(of id: String, key: SessionKey) throws(StoreError) -> SessionSummary? {
        try summary(of: id)
    }

    public func append(_ record: JournalRecord, expectedVersion: Int, key: SessionKey) throws(StoreError) {
        try append(record, expectedVersion: expectedVersion)
    }

    public func startRecord(of id: String) throws(StoreError) -> JournalRecord? {
        do throws(StoreError) {
            return try records(of: id, after: 0).last { $0.kind == .created || $0.kind == .migrated }
        } catch {
            if case .notFound = error { return nil }
            throw error
        }
    }

    /// Local stores keep sessions until the registry expires them.
    public var expiresIdleSessions: Bool { false }

    /// Local stores belong to one process.
    public var isShared: Bool { false }

    /// Local stores have nothing to ask: a write tells.
    @discardableResult
    public func probe() throws(StoreError) -> Bool { false }

    /// Counts ``sessions()``: an index for a local store.
    public func liveSessionCount() throws(StoreError) -> Int {
        sessions().reduce(0) { $0 + ($1.ended ? 0 : 1) }
    }

    /// Local stores have no other instances to tell.
    public func renewLease(_ announcement: String, forMilliseconds milliseconds: Int) throws(StoreError) -> [String]? { nil }

    public func releaseLease(_ announcement: String) {}

    /// A store that does not implement it keeps no flow sources: no
    /// session can start on a flow file there.
    public func keepFlowSource(_ source: FlowSource) throws(StoreError) {
        throw .unavailable(reason: "this store keeps no flow sources, so no session can start on a flow file")
    }

    public func flowSource(sha256: String) throws(StoreError) -> FlowSource? { nil }

    /// Local stores have no writers but this process.
    public func observeChanges(_ handler: @escaping @Sendable (_ sessionID: String, _ version: Int) -> Void) -> Bool { false }
}
