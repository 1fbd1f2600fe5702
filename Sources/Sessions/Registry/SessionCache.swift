import Coordination
import Platform

/// The sessions whose trees are in memory: a bounded map from id to
/// ``SessionBox``, split into shards with a lock each, held only for a
/// lookup or an insertion.
///
/// Eviction is approximately least-recently-used within a shard: when a
/// shard is at its share of the capacity, the box used longest ago of a
/// random sample leaves (``SessionCacheShard``). That is close to a global
/// LRU (ids spread evenly over shards) without a global lock or list on the
/// hot path.
final class SessionCache: Sendable {
    private let shards: [Locked<SessionCacheShard>]
    private let shardCapacity: Int

    init(capacity: Int, shardCount: Int = 64) {
        let shardCount = max(1, min(shardCount, capacity))
        shards = (0..<shardCount).map { Locked(SessionCacheShard(seed: 0x9E37_79B9_7F4A_7C15 &* UInt64($0 + 1))) }
        shardCapacity = max(1, (capacity + shardCount - 1) / shardCount)
    }

    /// The most boxes the cache holds.
    var capacity: Int { shardCapacity * shards.count }

    /// Boxes held now.
    var count: Int { shards.reduce(0) { $0 + $1.withLock { $0.count } } }

    func box(for key: SessionKey) -> SessionBox? {
        shard(for: key).withLock { $0.box(for: key) }
    }

    /// Inserts `box` unless the key already has one, and returns the box the
    /// cache holds for the key afterwards (the other thread's when it won).
    /// May evict the least recently used of a sample of the shard's boxes
    /// to make room (``SessionCacheShard``).
    func insert(_ box: SessionBox, for key: SessionKey) -> SessionBox {
        shard(for: key).withLock { $0.insert(box, for: key, capacity: shardCapacity) }
    }

    /// Removes the key's box if it is `box` (nil: whatever box it has).
    @discardableResult
    func remove(_ key: SessionKey, ifItIs box: SessionBox? = nil) -> SessionBox? {
        shard(for: key).withLock { $0.remove(key, ifItIs: box) }
    }

    /// The box of session `id`, when its id is well-formed and it is cached.
    func box(for id: String) -> SessionBox? {
        SessionKey(hex: id).flatMap { box(for: $0) }
    }

    /// Removes session `id`'s box, when its id is well-formed and it is cached.
    @discardableResult
    func remove(_ id: String) -> SessionBox? {
        SessionKey(hex: id).flatMap { remove($0) }
    }

    /// Calls `body` with every box held now, one shard at a time, with no
    /// lock of the cache held (a shard's boxes are copied out first).
    func forEachBox(_ body: (SessionBox) -> Void) {
        for shard in shards {
            for box in shard.withLock({ $0.boxes }) { body(box) }
        }
    }

    private func shard(for key: SessionKey) -> Locked<SessionCacheShard> {
        // The key's bits are random: any of them spread keys evenly.
        shards[Int(truncatingIfNeeded: key.low % UInt64(shards.count))]
    }
}
