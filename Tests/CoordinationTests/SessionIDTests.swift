import Sessions
import Testing

@Suite("Session ids")
struct SessionIDTests {
    @Test func idsAreWellFormedAndDistinct() {
        let ids = (0..<2000).map { _ in SessionID.make() }
        #expect(ids.allSatisfy { $0.utf8.count == SessionID.length && SessionID.isWellFormed($0) })
        #expect(Set(ids).count == ids.count)
    }

    /// Every one of the 128 bits is random: each of the 32 hex positions
    /// takes each of the 16 digits across 2,000 ids (a stuck or biased
    /// nibble, or a wrong digit table, would miss some; by chance the odds
    /// are below 10^-50).
    @Test func everyPositionTakesEveryHexDigit() {
        var seen = [Set<UInt8>](repeating: [], count: SessionID.length)
        for _ in 0..<2000 {
            for (position, byte) in SessionID.make().utf8.enumerated() { seen[position].insert(byte) }
        }
        let hexDigits = Set("0123456789abcdef".utf8)
        #expect(seen.allSatisfy { $0 == hexDigits })
    }
}
