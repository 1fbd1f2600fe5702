import Platform
import Synchronization

/// Who listens to which session, and the announcing of each accepted change to
/// them (live updates, docs/api.md#live-updates).
///
/// The registry announces under the session's lock, right after the change
/// is in the store: announcements of one session are therefore in version
/// order, and a subscriber added under that same lock
/// (``SessionRegistry/subscribe(_:since:subscriber:limit:)``) misses none
/// and sees none twice. Sessions are spread over shards so that sessions
/// with no subscribers never contend.
public final class SessionFeed: Sendable {
    private struct Listeners {
        var subscribers: [ObjectIdentifier: any SessionSubscriber] = [:]
        /// The last version announced, so that a refresh announces only news.
        var announcedVersion = 0
    }

    private let shards: [Locked<[String: Listeners]>]
    /// How many sessions have subscribers: with none (a server without
    /// streams open), an announcement ends here, without hashing the id
    /// and taking a shard's lock (~450 instructions per accepted event).
    /// Changed under the shard's lock with the table; a session's own
    /// subscribe and announcements are ordered by the session's lock.
    private let subscribedSessions = Atomic<Int>(0)

    init(shardCount: Int = 64) {
        shards = (0..<max(1, shardCount)).map { _ in Locked([:]) }
    }

    /// Subscribers of `id` now.
    public func subscriberCount(of id: String) -> Int {
        shard(id).withLock { $0[id]?.subscribers.count ?? 0 }
    }

    /// How many sessions have subscribers now, as the feed counts them to
    /// skip announcing when there are none.
    package var subscribedSessionCount: Int {
        subscribedSessions.load(ordering: .relaxed)
    }

    /// The sessions that have subscribers now.
    public func subscribedSessionIDs() -> [String] {
        shards.flatMap { shard in shard.withLock { Array($0.keys) } }
    }

    /// Adds `subscriber` unless `id` already has `limit`; false when full.
    func add(_ subscriber: any SessionSubscriber, to id: String, version: Int, limit: Int) -> Bool {
        shard(id).withLock { table in
            let isNew = table[id] == nil
            var listeners = table[id] ?? Listeners(announcedVersion: version)
            guard listeners.subscribers.count < limit else { return false }
            listeners.subscribers[ObjectIdentifier(subscriber)] = subscriber
            listeners.announcedVersion = max(listeners.announcedVersion, version)
            table[id] = listeners
            if isNew { subscribedSessions.add(1, ordering: .relaxed) }
            return true
        }
    }

    /// Stops announcing `id` to `subscriber` (its stream closed).
    public func remove(_ subscriber: any SessionSubscriber, from id: String) {
        shard(id).withLock { table in
            guard var listeners = table[id] else { return }
            listeners.subscribers[ObjectIdentifier(subscriber)] = nil
            if listeners.subscribers.isEmpty {
                table[id] = nil
                subscribedSessions.subtract(1, ordering: .relaxed)
            } else {
                table[id] = listeners
            }
        }
    }

    /// Announces `snapshot` to its session's subscribers unless that version
    /// was announced already. Called under the session's lock.
    func announce(_ snapshot: SessionSnapshot) {
        guard subscribedSessions.load(ordering: .relaxed) > 0 else { return }
        let subscribers: [any SessionSubscriber] = shard(snapshot.id).withLock { table in
            guard var listeners = table[snapshot.id], snapshot.version > listeners.announcedVersion else { return [] }
            listeners.announcedVersion = snapshot.version
            table[snapshot.id] = listeners
            return Array(listeners.subscribers.values)
        }
        let change = SessionChange.changed(snapshot)
        for subscriber in subscribers { subscriber.receive(change) }
    }

    /// Whether `id` has subscribers that have not seen `version` yet.
    func awaits(_ id: String, version: Int) -> Bool {
        shard(id).withLock { table in
            guard let listeners = table[id] else { return false }
            return version > listeners.announcedVersion
        }
    }

    /// Announces the end of `id` and forgets its subscribers.
    func announceEnded(_ id: String) {
        let subscribers: [any SessionSubscriber] = shard(id).withLock { table in
            guard let listeners = table.removeValue(forKey: id) else { return [] }
            subscribedSessions.subtract(1, ordering: .relaxed)
            return Array(listeners.subscribers.values)
        }
        let change = SessionChange.ended(sessionID: id)
        for subscriber in subscribers { subscriber.receive(change) }
    }

    private func shard(_ id: String) -> Locked<[String: Listeners]> {
        // Hashed on the contiguous bytes of a native string: iterating the
        // `UTF8View` cost ~1,000 instructions per accepted event.
        let hash = id.utf8.withContiguousStorageIfAvailable(Self.fnv1a) ?? Self.fnv1a(id.utf8)
        return shards[Int(hash % UInt64(shards.count))]
    }

    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        return hash
    }
}
