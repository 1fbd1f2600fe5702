/// A fast path for numbers with few decimals (`1380.5`, `9.21`), the common
/// kind in params: Swift's `Double.description` costs ~1,000 instructions per
/// number, this a few dozen, and both print the same text.
///
/// `description` prints the shortest digits that read back as the same
/// `Double`. When `magnitude × 10^scale` rounds to an integer `m` below 2^50
/// and `m / 10^scale` (one correctly rounded division, exactly what parsing
/// the text `m e-scale` gives) is `magnitude`, then `m` is the only integer
/// with that property at this scale (below 2^50 the doubles near the value
/// are closer together than 1/4 after scaling), and the smallest such scale
/// gives the fewest digits. Outside the range where `description` prints
/// plain decimals (below 0.001 it may switch to `1e-05`), the slow path runs.
extension JSONWriter {
    /// A non-integral, finite, positive `magnitude` as `digits × 10^-scale`
    /// with the fewest digits, when that is cheap to find; `power` is `10^scale`.
    @inline(__always)
    static func shortDecimal(of magnitude: Double) -> (digits: UInt64, power: UInt64, scale: Int)? {
        guard magnitude >= 0.001 else { return nil }
        var power = 1.0
        var integerPower: UInt64 = 1
        for scale in 1...17 {
            power *= 10
            integerPower &*= 10
            let scaled = magnitude * power
            guard scaled < 1_125_899_906_842_624 else { return nil }  // 2^50
            let rounded = scaled.rounded()
            if rounded / power == magnitude {
                return (UInt64(rounded), integerPower, scale)
            }
        }
        return nil
    }

    /// Writes `digits × 10^-scale` as plain decimal text, `-` first when `negative`.
    mutating func writeDecimal(_ decimal: (digits: UInt64, power: UInt64, scale: Int), negative: Bool) {
        writeDigits(of: decimal.digits / decimal.power, negative: negative)
        append(UInt8(ascii: "."))
        var fraction = decimal.digits % decimal.power
        var divisor = decimal.power / 10
        while divisor > 0 {
            append(UInt8(truncatingIfNeeded: fraction / divisor) &+ UInt8(ascii: "0"))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// The length of what ``writeDecimal(_:negative:)`` writes.
    static func encodedByteCount(ofDecimal decimal: (digits: UInt64, power: UInt64, scale: Int), negative: Bool) -> Int {
        var integerPart = decimal.digits / decimal.power
        var digits = 1
        while integerPart >= 10 {
            integerPart /= 10
            digits += 1
        }
        return (negative ? 1 : 0) + digits + 1 + decimal.scale
    }
}
