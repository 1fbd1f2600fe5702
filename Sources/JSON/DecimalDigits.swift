/// An integer's decimal digits, spelled into memory the caller holds: the
/// one place they are counted and written (the JSON writer, the names a
/// session counts out, entity tags, log lines), without `description` and
/// the string it builds.
public enum DecimalDigits {
    /// How many digits `value` has: 1 for 0. Compares with powers of ten
    /// (a division per digit cost twice as much).
    @inlinable
    public static func count(of value: UInt64) -> Int {
        var count = 1
        var power: UInt64 = 10
        // 10^19 is the largest power of ten a `UInt64` holds.
        while count < 20 && value >= power {
            count += 1
            power &*= 10
        }
        return count
    }

    /// Writes `value`'s ``count(of:)`` digits at `target`, most significant
    /// first; returns how many it wrote. Two digits at a time, from
    /// ``pairs``: a 20-digit seed cost ~430 instructions one digit at a time.
    @inlinable @discardableResult
    public static func write(_ value: UInt64, to target: UnsafeMutablePointer<UInt8>) -> Int {
        let count = count(of: value)
        let pairs = Self.pairs.utf8Start
        var rest = value
        var index = count
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            index &-= 2
            target[index] = pairs[pair]
            target[index &+ 1] = pairs[pair &+ 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            target[index &- 2] = pairs[pair]
            target[index &- 1] = pairs[pair &+ 1]
        } else {
            target[index &- 1] = UInt8(truncatingIfNeeded: rest) &+ UInt8(ascii: "0")
        }
        return count
    }

    /// "00" to "99", one after the other.
    @usableFromInline static var pairs: StaticString {
        """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """
    }
}
