import Sessions
import Synchronization

/// A store that implements only what every ``SessionStore`` must, over a
/// ``MemoryStore``: everything else (flow sources, effect leases, fleet
/// announcements) is the protocol's default. It counts the summaries it is
/// asked for, so a test can see when the registry reads the store.
package final class MinimalMemoryStore: SessionStore {
    package let memory: MemoryStore
    /// How many times ``summary(of:)`` was asked.
    package let summariesAsked = Atomic<Int>(0)

    /// `shared`: the memory store says other instances write it too (``SessionStore/isShared``).
    package init(shared: Bool = false) { memory = MemoryStore(shared: shared) }

    package func sessions() -> [SessionSummary] { memory.sessions() }
    package func summary(of id: String) throws(StoreError) -> SessionSummary? {
        summariesAsked.add(1, ordering: .relaxed)
        return try memory.summary(of: id)
    }
    package func append(_ record: JournalRecord, expectedVersion: Int) throws(StoreError) {
        try memory.append(record, expectedVersion: expectedVersion)
    }
    package func records(of id: String, after version: Int) throws(StoreError) -> [JournalRecord] {
        try memory.records(of: id, after: version)
    }
    package func drop(_ id: String) { memory.drop(id) }
    package func close() { memory.close() }
    package var isShared: Bool { memory.isShared }
}
