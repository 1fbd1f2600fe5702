import Sessions
import Synchronization
import TestSupport

/// A shared memory store that runs a hook once, just before an append:
/// another instance's write landing between a registry's read and its
/// append. It counts the summaries and records asked for, and the
/// appends refused for a lost race.
package final class InterferingStore: SessionStore {
    private let inner = MemoryStore(shared: true)
    private let hook = LockedBox<(kind: JournalRecord.Kind?, action: @Sendable () -> Void)?>(nil)

    /// How often a registry asked for a summary, and for records.
    package let summaryCount = Atomic<Int>(0)
    package let recordsCount = Atomic<Int>(0)
    /// How many appends lost their race (``StoreError/conflict(currentVersion:)``).
    package let conflictCount = Atomic<Int>(0)

    package init() {}

    /// Runs `action` once, before the next append of a record of `kind`
    /// (nil: of any kind).
    package func beforeNextAppend(of kind: JournalRecord.Kind? = nil, _ action: @escaping @Sendable () -> Void) {
        hook.withLock { $0 = (kind, action) }
    }

    package func sessions() -> [SessionSummary] { inner.sessions() }
    package func summary(of id: String) -> SessionSummary? {
        summaryCount.add(1, ordering: .relaxed)
        return inner.summary(of: id)
    }
    package func append(_ record: JournalRecord, expectedVersion: Int) throws(StoreError) {
        let action = hook.withLock { hook -> (@Sendable () -> Void)? in
            guard let pending = hook, pending.kind == nil || pending.kind == record.kind else { return nil }
            hook = nil
            return pending.action
        }
        action?()
        do { try inner.append(record, expectedVersion: expectedVersion) } catch {
            if case .conflict = error { conflictCount.add(1, ordering: .relaxed) }
            throw error
        }
    }
    package func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        recordsCount.add(1, ordering: .relaxed)
        return try inner.records(of: id, after: version)
    }
    package func drop(_ id: String) { inner.drop(id) }
    package func close() { inner.close() }
    /// Two registries write it, as two instances write a Redis store.
    package var isShared: Bool { true }
}
