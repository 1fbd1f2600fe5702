import TestSupport
import Testing

@testable import Sessions

/// ``SessionKey`` hashes itself with a mix of its two halves and the table's
/// seed instead of `Hasher`: equal keys must hash alike, every bit of a key
/// must count, the seed must count, and keys that differ in few bits (not
/// the random ids the server makes) must still spread over a table.
@Suite("Session key hashing", .timeLimit(.minutes(10)), .hangGuard)
struct SessionKeyHashingTests {
    private static let keys = [
        SessionKey(high: 0, low: 0), SessionKey(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210),
        SessionKey(high: .max, low: .max), SessionKey(high: 1, low: 0),
    ]
    private static let seeds = [0, 1, -1, 0x5bd1_e995, Int.min]

    @Test func equalKeysHashAlike() throws {
        for key in Self.keys + (0..<100).map({ _ in SessionID.makeKey() }) {
            let copy = try #require(SessionKey(hex: key.hex))
            for seed in Self.seeds {
                #expect(copy._rawHashValue(seed: seed) == key._rawHashValue(seed: seed))
            }
            #expect(copy.hashValue == key.hashValue)
        }
    }

    /// Flipping any one of the 128 bits changes the hash.
    @Test func everyBitOfEitherHalfCounts() {
        for key in Self.keys {
            for seed in Self.seeds {
                let hash = key._rawHashValue(seed: seed)
                for bit in 0..<64 {
                    let highFlipped = SessionKey(high: key.high ^ 1 << UInt64(bit), low: key.low)
                    let lowFlipped = SessionKey(high: key.high, low: key.low ^ 1 << UInt64(bit))
                    #expect(highFlipped._rawHashValue(seed: seed) != hash, "high bit \(bit)")
                    #expect(lowFlipped._rawHashValue(seed: seed) != hash, "low bit \(bit)")
                }
            }
        }
    }

    /// Another table's seed files the same keys elsewhere: copying one
    /// table into another then never probes along the same chains.
    @Test func theSeedCounts() {
        for key in Self.keys {
            #expect(Set(Self.seeds.map { key._rawHashValue(seed: $0) }).count == Self.seeds.count)
        }
    }

    /// Keys whose halves fold to the same word before the seed is mixed in
    /// would collide under every seed: no seed could spread them. The high
    /// half is mixed with the seed first, so they do not.
    @Test func keysFoldingAlikeStillHashApart() {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        for key in Self.keys {
            let high = key.high &+ 1
            let twin = SessionKey(high: high, low: key.low ^ key.high &* multiplier ^ high &* multiplier)
            for seed in Self.seeds {
                #expect(twin._rawHashValue(seed: seed) != key._rawHashValue(seed: seed))
            }
        }
    }

    /// Counted keys, in either half, spread over a table's buckets about as
    /// random ones do (63% of 4,096 buckets for 4,096 keys), by the low
    /// bits a table uses.
    @Test(arguments: [true, false])
    func countedKeysSpreadOverBuckets(countingTheHighHalf: Bool) {
        let buckets = 4_096
        let used = Set(
            (0..<UInt64(buckets)).map { count in
                let key = countingTheHighHalf ? SessionKey(high: count, low: 0) : SessionKey(high: 0, low: count)
                return key._rawHashValue(seed: 0) & (buckets - 1)
            })
        #expect(used.count > buckets * 55 / 100, "\(used.count) buckets")
    }

    @Test func aDictionaryFindsEveryKeyItHoldsAndNoOther() {
        var table: [SessionKey: Int] = [:]
        let held = (0..<20_000).map { _ in SessionID.makeKey() }
        for (index, key) in held.enumerated() { table[key] = index }
        #expect(table.count == held.count)
        #expect(held.enumerated().allSatisfy { table[$1] == $0 })
        #expect((0..<1_000).allSatisfy { _ in table[SessionID.makeKey()] == nil })
    }
}
