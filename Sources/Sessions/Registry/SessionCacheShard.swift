/// One shard of the ``SessionCache``: its boxes by id, and the same boxes in
/// a list, so that eviction can pick entries at random in constant time.
///
/// Eviction takes the least recently used of ``sampleSize`` entries drawn
/// at random (all of them, when the shard holds no more), the way Redis
/// approximates LRU: scanning the whole shard for its oldest box cost a
/// cache miss per box on every insertion into a full cache (+43 µs per
/// create at the default 10,000 cached sessions).
struct SessionCacheShard {
    /// Entries compared per eviction.
    static let sampleSize = 8

    /// By key, not by the id's text: hashing two integers cost ~350
    /// instructions less per lookup than hashing 32 characters.
    private var positions: [SessionKey: Int] = [:]
    private var entries: [(key: SessionKey, box: SessionBox)] = []
    /// xorshift64 state: which entries an eviction samples needs no
    /// unpredictability, only spread.
    private var randomState: UInt64

    init(seed: UInt64) {
        randomState = seed | 1
    }

    var count: Int { entries.count }

    var boxes: [SessionBox] { entries.map(\.box) }

    func box(for key: SessionKey) -> SessionBox? {
        positions[key].map { entries[$0].box }
    }

    /// Inserts `box` unless the id already has one, and returns the box the
    /// shard holds for the id afterwards. At `capacity`, first evicts.
    mutating func insert(_ box: SessionBox, for key: SessionKey, capacity: Int) -> SessionBox {
        if entries.count >= capacity {
            if let position = positions[key] { return entries[position].box }
            if let oldest = sampledLeastRecentlyUsed() { remove(at: oldest) }
        }
        // One lookup for the usual new key (a lookup, then an insertion,
        // hashed the key twice); a key that had a box keeps it.
        if let existing = positions.updateValue(entries.count, forKey: key) {
            positions[key] = existing
            return entries[existing].box
        }
        entries.append((key, box))
        return box
    }

    /// Removes the id's box if it is `box` (nil: whatever box it has).
    mutating func remove(_ key: SessionKey, ifItIs box: SessionBox?) -> SessionBox? {
        guard let position = positions[key], box == nil || entries[position].box === box else { return nil }
        let removed = entries[position].box
        remove(at: position)
        return removed
    }

    private mutating func remove(at position: Int) {
        positions[entries[position].key] = nil
        let last = entries.removeLast()
        guard position < entries.count else { return }
        entries[position] = last
        positions[last.key] = position
    }

    /// The position of the least recently used of the sampled entries.
    private mutating func sampledLeastRecentlyUsed() -> Int? {
        guard !entries.isEmpty else { return nil }
        if entries.count <= Self.sampleSize {
            return entries.indices.min { lastAccess(at: $0) < lastAccess(at: $1) }
        }
        var oldest = randomPosition()
        for _ in 1..<Self.sampleSize {
            let candidate = randomPosition()
            if lastAccess(at: candidate) < lastAccess(at: oldest) { oldest = candidate }
        }
        return oldest
    }

    private func lastAccess(at position: Int) -> Int64 {
        entries[position].box.lastAccess.load(ordering: .relaxed)
    }

    private mutating func randomPosition() -> Int {
        randomState ^= randomState << 13
        randomState ^= randomState >> 7
        randomState ^= randomState << 17
        return Int(randomState % UInt64(entries.count))
    }
}
