import Platform

/// A token bucket per client (see ``TokenBucket``) in a bounded table.
///
/// The table is split into shards, each behind its own lock held only for
/// one dictionary lookup and update, so clients seldom wait for each other;
/// only session creation consults it, never the other routes.
///
/// A full bucket is the same as no bucket, so it can be dropped at no cost.
/// When a new client finds its shard at capacity, every full bucket in the
/// shard is dropped; if none is, the fullest bucket goes (its client loses
/// the least: at most the few tokens it was missing). So clients with many
/// addresses cannot grow the table beyond ``capacity``; they can only make
/// it forget some partly used buckets, which gives them no more than their
/// addresses would have had anyway.
final class ClientRateLimiter: Sendable {
    let rate: CreationRate
    /// The most clients tracked at once, over all shards.
    let capacity: Int
    private let shards: [Shard]
    private let shardCapacity: Int
    private let clock: @Sendable () -> Int

    /// - Parameters:
    ///   - capacity: the most clients tracked at once; 16,384 buckets are
    ///     about 1.5 MB. Only clients that created a session within the last
    ///     `burst / perSecond` seconds (20 s by default) have a partly used bucket.
    ///   - clock: monotonic nanoseconds; tests pass their own to need no sleeping.
    init(
        rate: CreationRate, capacity: Int = 16_384, shardCount: Int = 16,
        clock: @escaping @Sendable () -> Int = ServerMetrics.monotonicNanoseconds
    ) {
        let shardCount = max(1, min(shardCount, capacity))
        self.rate = rate
        self.shardCapacity = max(1, capacity / shardCount)
        self.capacity = shardCapacity * shardCount
        self.shards = (0..<shardCount).map { _ in Shard() }
        self.clock = clock
    }

    /// Takes a token from `client`'s bucket, starting a full bucket for a
    /// client not tracked.
    func take(for client: String) -> TokenBucket.Outcome {
        let now = clock()
        let rate = self.rate
        let shardCapacity = self.shardCapacity
        let client = HashedClient(client)
        return shard(for: client).buckets.withLock { buckets in
            if buckets.count >= shardCapacity && buckets[client] == nil {
                Self.makeRoom(in: &buckets, capacity: shardCapacity, now: now)
            }
            return buckets[client, default: TokenBucket(fullAt: now)].take(at: now, rate: rate)
        }
    }

    /// Clients with a bucket now, full or not (full ones linger until their
    /// shard needs room).
    var trackedClients: Int {
        shards.reduce(0) { count, shard in count + shard.buckets.withLock { $0.count } }
    }

    /// Whether `client` has a bucket now.
    func isTracking(_ client: String) -> Bool {
        let client = HashedClient(client)
        return shard(for: client).buckets.withLock { $0[client] != nil }
    }

    private static func makeRoom(in buckets: inout [HashedClient: TokenBucket], capacity: Int, now: Int) {
        buckets = buckets.filter { !$0.value.isFull(at: now) }
        if buckets.count >= capacity, let fullest = buckets.min(by: { $0.value.fullAt < $1.value.fullAt }) {
            buckets[fullest.key] = nil
        }
    }

    /// `hashValue` is seeded per process, so a client cannot choose addresses
    /// that all land in one shard.
    private func shard(for client: HashedClient) -> Shard {
        shards[Int(UInt(bitPattern: client.hash) % UInt(shards.count))]
    }
}

/// A client's key with its `hashValue`, worked out once: it picks the
/// shard and is the key's hash in the shard's table (hashing the text
/// twice cost ~150 instructions per session created).
private struct HashedClient: Hashable {
    let key: String
    let hash: Int

    init(_ key: String) {
        self.key = key
        hash = key.hashValue
    }

    static func == (lhs: HashedClient, rhs: HashedClient) -> Bool { lhs.key == rhs.key }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// One slice of the table, with its own lock.
private final class Shard: Sendable {
    let buckets = Locked<[HashedClient: TokenBucket]>([:])
}
