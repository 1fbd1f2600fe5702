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

    /// Whether some byte of `word` is 0x80 or above (not ASCII).
    @inlinable @inline(__always)
    public static func hasNonASCIIByte(in word: UInt64) -> Bool {
        word & high != 0
    }
}
