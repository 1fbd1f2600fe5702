/// Tests of eight bytes at once, read as one `UInt64` ("SWAR"): a scan
/// that checks each byte of a header value or a log value costs ~8
/// instructions a byte, these ~2.
///
/// Both tests are exact about whether some byte matches (not about which):
/// in `word - n·ones`, the lowest byte below `n` borrows and so sets its
/// top bit, a byte with its own top bit set is masked out by `~word`, and
/// with no byte below `n` nothing borrows at all.
public enum ByteWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let high: UInt64 = 0x8080_8080_8080_8080

    /// Whether some byte of `word` is below `n`, for `n` up to 0x80.
    @inlinable @inline(__always)
    public static func hasByte(below n: UInt64, in word: UInt64) -> Bool {
        (word &- n &* ones) & ~word & high != 0
    }

    /// Whether some byte of `word` is `byte`.
    @inlinable @inline(__always)
    public static func hasByte(_ byte: UInt8, in word: UInt64) -> Bool {
        hasByte(below: 1, in: word ^ (UInt64(byte) &* ones))
    }

    /// Whether every byte of `word` is an ASCII letter or `-`: the bytes of
    /// most header names (`Content-Type`), which a scan then steps over
    /// eight at a time. Exact: each byte is compared on its own, without a
    /// carry between bytes (every byte is below 0x80 before any addition).
    @inlinable @inline(__always)
    public static func isLettersAndHyphens(_ word: UInt64) -> Bool {
        guard word & high == 0 else { return false }
        let lower = word | 0x2020_2020_2020_2020
        // Top bit set where the lowercased byte is at least `a`, and where it is past `z`.
        let fromA = lower &+ 0x1F1F_1F1F_1F1F_1F1F
        let pastZ = lower &+ 0x0505_0505_0505_0505
        let letters = fromA & ~pastZ & high
        // Top bit set where the byte is not `-` (some bit of it differs).
        let other = word ^ 0x2D2D_2D2D_2D2D_2D2D
        let notHyphen = ((other & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | other) & high
        return letters | ~notHyphen & high == high
    }

    /// Whether some byte of `word` is 0x80 or above (not ASCII).
    @inlinable @inline(__always)
    public static func hasNonASCIIByte(in word: UInt64) -> Bool {
        word & high != 0
    }
}
