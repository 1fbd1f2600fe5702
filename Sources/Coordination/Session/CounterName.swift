/// The names a session gives from its counters: screens `s1`, `s2`, …,
/// coordinators `c1`, …, effects `e1`, …: a letter and the count in decimal.
///
/// Spelled into the string's own storage: `"s\(count)"` went through
/// `description` and an append (~330 instructions a name).
enum CounterName {
    /// `prefix` (one ASCII letter) followed by `count`'s decimal digits;
    /// `count` is at least 0.
    static func spell(_ prefix: Unicode.Scalar, _ count: Int) -> String {
        precondition(prefix.isASCII && count >= 0, "a counter name is an ASCII letter and a count")
        var digits = 1
        var rest = count / 10
        while rest != 0 {
            digits += 1
            rest /= 10
        }
        return String(unsafeUninitializedCapacity: digits + 1) { name in
            name[0] = UInt8(prefix.value)
            var value = count
            var index = digits
            repeat {
                name[index] = UInt8(truncatingIfNeeded: value % 10) &+ UInt8(ascii: "0")
                value /= 10
                index -= 1
            } while value != 0
            return digits + 1
        }
    }
}
