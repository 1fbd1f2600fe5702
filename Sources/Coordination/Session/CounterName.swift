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
        let value = UInt64(count)
        return String(unsafeUninitializedCapacity: DecimalDigits.count(of: value) + 1) { name in
            name[0] = UInt8(prefix.value)
            return 1 + DecimalDigits.write(value, to: name.baseAddress.unsafelyUnwrapped + 1)
        }
    }
}
