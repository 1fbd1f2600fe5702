/// Lowercase hex digits spelled eight at a time in one `UInt64`, the
/// reverse of reading them as one word: a loop with a branch per digit
/// cost ~12 instructions a digit, this ~2.
public enum HexWord {
    /// The 8 lowercase hex digits of `value`, most significant first, as
    /// the bytes of the word in memory: store the result as it is.
    @inlinable @inline(__always)
    public static func digits(of value: UInt32) -> UInt64 {
        // nnnnnnnn becomes 0n0n0n0n0n0n0n0n, the last digit in the lowest byte.
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // Each byte is at most 15: adding 0x76 sets its bit 7 when it is 10
        // or more, without a carry into the next byte.
        let isLetter = (nibbles &+ 0x7676_7676_7676_7676) & 0x8080_8080_8080_8080
        // "0" plus the value, and 39 more for a letter ("a" is "0" + 10 + 39).
        let digits = nibbles &+ 0x3030_3030_3030_3030 &+ (isLetter >> 7) &* 39
        // The first digit to the lowest byte, which comes first in memory.
        return digits.byteSwapped.littleEndian
    }

    /// The value whose ``digits(of:)`` are `word` (8 lowercase hex digits
    /// as the bytes of a word in memory); nil for any other bytes.
    @inlinable
    public static func value(ofDigits word: UInt64) -> UInt32? {
        // Each digit's low nibble, plus 9 for a letter (bit 6 set: "a" is 0x61).
        let bytes = word.littleEndian.byteSwapped
        let nibbles = (bytes & 0x0F0F_0F0F_0F0F_0F0F) &+ ((bytes >> 6) & 0x0101_0101_0101_0101) &* 9
        var value: UInt64 = 0
        for shift in stride(from: 56, through: 0, by: -8) { value = value << 4 | (nibbles >> UInt64(shift)) & 0xF }
        // Anything but lowercase hex digits spells another word.
        let candidate = UInt32(truncatingIfNeeded: value)
        return digits(of: candidate) == word ? candidate : nil
    }
}
