/// An integer's decimal digits, spelled into memory the caller holds: the
/// one place they are counted and written (the JSON writer, the names a
/// session counts out, entity tags, log lines), without `description` and
/// the string it builds.
public enum DecimalDigits {
    /// How many digits `value` has: 1 for 0.
    @inlinable
    public static func count(of value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Writes `value`'s ``count(of:)`` digits at `target`, most significant
    /// first; returns how many it wrote.
    @inlinable @discardableResult
    public static func write(_ value: UInt64, to target: UnsafeMutablePointer<UInt8>) -> Int {
        let count = count(of: value)
        var rest = value
        var index = count
        repeat {
            index -= 1
            target[index] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
            rest /= 10
        } while rest != 0
        return count
    }
}
