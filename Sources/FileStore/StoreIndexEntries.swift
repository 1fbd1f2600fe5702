import Sessions

/// The file store's session -> ``StoreIndexEntry`` map, split into shards by key.
///
/// One dictionary of every session grows by rehashing all of them at once,
/// under the store's lock: at 200,000 sessions that held every append (and
/// so every request that changes a session) for ~85 ms. A shard grows at
/// 1/64 of that size. Keys are random, so shards fill evenly; ids chosen to
/// share a shard cost no more than one dictionary would.
struct StoreIndexEntries: Sendable, Sequence {
    /// How many shards there are, numbered from 0 for ``shard(_:)``.
    static let shardCount = 64
    private var shards = [[SessionKey: StoreIndexEntry]](repeating: [:], count: shardCount)

    /// Sessions indexed.
    var count: Int { shards.reduce(0) { $0 + $1.count } }

    subscript(key: SessionKey) -> StoreIndexEntry? {
        get { shards[Self.shard(of: key)][key] }
        set { shards[Self.shard(of: key)][key] = newValue }
    }

    /// The key's summary, with `id` as its spelling; nil when the key has
    /// none. Read in place: `self[key]` copies the entry out, retaining its
    /// record list.
    func summary(of key: SessionKey, id: String) -> SessionSummary? {
        let shard = Self.shard(of: key)
        guard let index = shards[shard].index(forKey: key) else { return nil }
        return shards[shard].values[index].summary(id: id)
    }

    /// Changes the key's entry in place (its record list is not copied);
    /// nil, and nothing done, when the key has none.
    @discardableResult
    mutating func update<Result>(_ key: SessionKey, _ change: (inout StoreIndexEntry) -> Result) -> Result? {
        let shard = Self.shard(of: key)
        guard let index = shards[shard].index(forKey: key) else { return nil }
        return change(&shards[shard].values[index])
    }

    /// The summaries of one shard's sessions that `included` picks. A scan
    /// that must not hold the store's lock over every session (an expiry
    /// sweep over 230,000 of them held it ~100 ms) takes it once per shard.
    /// The entries are read in place: copying one out retains its record
    /// list, a cache miss per session.
    func summaries(inShard number: Int, where included: (_ lastActivity: Int64, _ ended: Bool) -> Bool) -> [SessionSummary] {
        let entries = shards[number]
        var found: [SessionSummary] = []
        var index = entries.startIndex
        while index != entries.endIndex {
            if included(entries.values[index].lastActivity, entries.values[index].ended) {
                found.append(entries.values[index].summary(id: entries.keys[index]))
            }
            entries.formIndex(after: &index)
        }
        return found
    }

    func makeIterator() -> FlattenSequence<[[SessionKey: StoreIndexEntry]]>.Iterator {
        shards.joined().makeIterator()
    }

    private static func shard(of key: SessionKey) -> Int {
        Int(truncatingIfNeeded: key.low ^ key.high) & (shardCount - 1)
    }
}
