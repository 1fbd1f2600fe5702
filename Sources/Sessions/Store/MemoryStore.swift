import Coordination
import Platform

/// A ``SessionStore`` that keeps journals in memory: nothing lasts across a
/// restart. For tests and `--store memory`. Same rules as the file store
/// (conditional appends, validation, byte counts).
public final class MemoryStore: SessionStore {
    /// One session's records and their total ``JournalRecord/storedSize``,
    /// kept as records are appended so that a summary (one per request)
    /// does not sum every record.
    private struct Journal {
        var records: [JournalRecord] = []
        var bytes = 0

        mutating func append(_ record: JournalRecord) {
            records.append(record)
            bytes += record.storedSize
        }
    }

    private struct State {
        var journals: [String: Journal] = [:]
        /// A shared store's leased announcements, each with the time (ms)
        /// its lease runs out.
        var leases: [String: Int64] = [:]
        /// Flow sources by digest (``SessionStore/keepFlowSource(_:)``).
        var flowSources: [String: FlowSource] = [:]
        var closed = false
    }

    private let state = Locked(State())

    public let isShared: Bool

    /// - Parameter shared: whether several registries write the journals,
    ///   as several instances write a Redis store (``SessionStore/isShared``):
    ///   each then checks the store before it answers from its cache.
    public init(shared: Bool = false) {
        isShared = shared
    }

    public func sessions() -> [SessionSummary] {
        state.withLock { state in state.journals.values.compactMap(Self.summary(of:)) }
    }

    public func summary(of id: String) -> SessionSummary? {
        state.withLock { state in state.journals[id].flatMap(Self.summary(of:)) }
    }

    public func append(_ record: JournalRecord, expectedVersion: Int) throws(StoreError) {
        try record.validate(expectedVersion: expectedVersion)
        try state.withLock { (state) throws(StoreError) in
            guard !state.closed else { throw .unavailable(reason: "the store is closed") }
            let current = state.journals[record.sessionID]?.records.last
            try AppendRule.check(lastVersion: current?.version, ended: current?.kind == .ended, expectedVersion: expectedVersion)
            state.journals[record.sessionID, default: Journal()].append(record)
        }
    }

    public func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        try state.withLock { (state) throws(StoreError) in
            guard !state.closed else { throw .unavailable(reason: "the store is closed") }
            guard let journal = state.journals[id] else { throw .notFound }
            return Array(journal.records.drop { $0.version <= version })
        }
    }

    public func keepFlowSource(_ source: FlowSource) throws(StoreError) {
        try state.withLock { (state) throws(StoreError) in
            guard !state.closed else { throw .unavailable(reason: "the store is closed") }
            if state.flowSources[source.sha256] == nil { state.flowSources[source.sha256] = source }
        }
    }

    public func flowSource(sha256: String) throws(StoreError) -> FlowSource? {
        try state.withLock { (state) throws(StoreError) in
            guard !state.closed else { throw .unavailable(reason: "the store is closed") }
            return state.flowSources[sha256]
        }
    }

    public func drop(_ id: String) {
        state.withLock { state in _ = state.journals.removeValue(forKey: id) }
    }

    /// Leases as Redis keeps them, when the store is shared (several
    /// registries in one process, as instances): nil otherwise.
    public func renewLease(_ announcement: String, forMilliseconds milliseconds: Int) throws(StoreError) -> [String]? {
        guard isShared else { return nil }
        let now = SystemClock.millisecondsSince1970()
        return try state.withLock { (state) throws(StoreError) in
            guard !state.closed else { throw .unavailable(reason: "the store is closed") }
            state.leases = state.leases.filter { $0.value > now }
            state.leases[announcement] = now + Int64(max(1, milliseconds))
            return Array(state.leases.keys)
        }
    }

    public func releaseLease(_ announcement: String) {
        state.withLock { state in _ = state.leases.removeValue(forKey: announcement) }
    }

    public func close() {
        state.withLock { state in state.closed = true }
    }

    private static func summary(of journal: Journal) -> SessionSummary? {
        guard let last = journal.records.last else { return nil }
        return SessionSummary(
            id: last.sessionID,
            lastVersion: last.version,
            lastActivity: last.time,
            ended: last.kind == .ended,
            bytes: journal.bytes
        )
    }
}
