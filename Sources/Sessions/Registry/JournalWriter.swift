import Coordination
import Synchronization

/// The registry's one way to the store: appends each change as a journal
/// record, reads journals back, and keeps track of whether the store works.
///
/// Every failure of the store becomes a ``NavigationError`` a client can act
/// on (``failure(_:id:)``); the first refusal and the first success after
/// it are reported once through `notify`, which is how an operator learns
/// that sessions answer 503.
final class JournalWriter: Sendable {
    let store: any SessionStore
    /// Wall-clock seconds since 1970.
    let clock: @Sendable () -> Double
    private let notify: @Sendable (RegistryNotice) -> Void
    private let healthy = Atomic<Bool>(true)

    init(store: any SessionStore, clock: @escaping @Sendable () -> Double, notify: @escaping @Sendable (RegistryNotice) -> Void) {
        self.store = store
        self.clock = clock
        self.notify = notify
        do {
            try store.probe()
        } catch {
            markStore(available: false, reason: error.description)
        }
    }

    /// Wall-clock milliseconds since 1970: the time stamped on records.
    func nowMillis() -> Int64 { Int64(clock() * 1000) }

    /// Appends `entry` as version `version` of session `id`, on the
    /// condition that the store holds `version - 1`, stamped `time`
    /// (milliseconds since 1970; now when nil). `key`, when the caller
    /// parsed `id` already, spares the store parsing it. `patches`: the
    /// patch markers of the change `entry` records; `digest`: the digest
    /// of the document it produced.
    func append(
        _ entry: JournalEntry, of id: String, key: SessionKey? = nil, version: Int, time: Int64? = nil, patches: [String]? = nil,
        digest: DocumentDigest? = nil
    ) throws(NavigationError) {
        let record = entry.record(sessionID: id, version: version, time: time ?? nowMillis(), patches: patches, digest: digest)
        do {
            if let key {
                try store.append(record, expectedVersion: version - 1, key: key)
            } else {
                try store.append(record, expectedVersion: version - 1)
            }
            markStore(available: true)
        } catch {
            throw failure(error, id: id)
        }
    }

    /// The session's records after `version` (all of them for 0).
    func records(of id: String, after version: Int) throws(NavigationError) -> [JournalRecord] {
        do {
            let records = try store.records(of: id, after: version)
            markStore(available: true)
            return records
        } catch {
            throw failure(error, id: id)
        }
    }

    /// What the store knows of the session without reading its records;
    /// `key`, when the caller parsed `id` already, spares the store parsing it.
    func summary(of id: String, key: SessionKey? = nil) throws(NavigationError) -> SessionSummary? {
        do {
            if let key { return try store.summary(of: id, key: key) }
            return try store.summary(of: id)
        } catch {
            throw failure(error, id: id)
        }
    }

    /// Whether the store can be used now. A remote store (Redis) is asked
    /// each time (``SessionStore/probe()``, one `PING`), so this follows it
    /// both ways without waiting for a request; a local store counts as
    /// unavailable after it refused a read or write, until one succeeds.
    var isStoreAvailable: Bool {
        do {
            if try store.probe() {
                markStore(available: true)
                return true
            }
        } catch {
            markStore(available: false, reason: error.description)
            return false
        }
        return healthy.load(ordering: .relaxed)
    }

    /// The refusal a client gets for a store failure: a lost race for the
    /// version is `versionMismatch`, a session the store does not hold
    /// `sessionNotFound`, anything else `storeUnavailable` (and the store is
    /// marked unavailable).
    func failure(_ error: StoreError, id: String) -> NavigationError {
        switch error {
        case .conflict(let currentVersion):
            return NavigationError(
                .versionMismatch, "the session changed elsewhere; it is at version \(currentVersion)",
                currentVersion: currentVersion)
        case .notFound:
            return SessionRegistry.notFound(id)
        default:
            markStore(available: false, reason: error.description)
            return NavigationError(
                .storeUnavailable,
                "the session store cannot be used now (\(error.description)); nothing changed, try again shortly")
        }
    }

    private func markStore(available: Bool, reason: String = "") {
        let was = healthy.exchange(available, ordering: .relaxed)
        guard was != available else { return }
        notify(available ? .storeRecovered : .storeUnavailable(reason: reason))
    }
}
