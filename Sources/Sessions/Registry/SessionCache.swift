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

    func box(for id: String) -> SessionBox? {
        shard(for: id).withLock { $0.box(for: id) }
    }

    /// Inserts `box` unless the id already has one, and returns the box the
    /// cache holds for the id afterwards (the other thread's when it won).
    /// May evict the least recently used of a sample of the shard's boxes
    /// to make room (``SessionCacheShard``).
    func insert(_ box: SessionBox, for id: String) -> SessionBox {
        shard(for: id).withLock { $0.insert(box, for: id, capacity: shardCapacity) }
    }

    /// Removes the id's box if it is `box` (nil: whatever box it has).
    @discardableResult
    func remove(_ id: String, ifItIs box: SessionBox? = nil) -> SessionBox? {
        shard(for: id).withLock { $0.remove(id, ifItIs: box) }
    }

    /// Calls `body` with every box held now, one shard at a time, with no
    /// lock of the cache held (a shard's boxes are copied out first).
    func forEachBox(_ body: (SessionBox) -> Void) {
        for shard in shards {
            for box in shard.withLock({ $0.boxes }) { body(box) }
        }
    }

    private func shard(for id: String) -> Locked<SessionCacheShard> {
        // On the contiguous bytes of a native string, once per request.
        let hash = id.utf8.withContiguousStorageIfAvailable { Self.hash(of: $0.prefix(8)) } ?? Self.hash(of: id.utf8.prefix(8))
        return shards[abs(hash % shards.count)]
    }

    private static func hash(of bytes: some Sequence<UInt8>) -> Int {
        var hash = 0
        for byte in bytes { hash = hash &* 31 &+ Int(byte) }
        return hash
    }
}
