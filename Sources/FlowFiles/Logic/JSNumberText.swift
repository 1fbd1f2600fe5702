/// Numbers as JavaScript prints them (`Number.prototype.toString()`, what
/// `cat` and string coercions use): `1` not `1.0`, `1e+21`, `1e-7`,
/// `0.000001`, `NaN`, `Infinity`.
///
/// The digits are the shortest that read back as the same `Double`, as
/// JavaScript requires; Swift's `description` finds the same digits (both
/// pick the closest of the shortest), so they are taken from it and laid out
/// by ECMAScript's Number::toString: plain up to 21 integer digits, a
/// fraction down to 6 leading zeros, an exponent beyond. Integral values
/// below 2^53 are printed straight from their integer.
enum JSNumberText {
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value == 0 { return "0" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value < 0 { return "-" + string(-value) }
        if value < 9_007_199_254_740_992, value.rounded(.towardZero) == value { return String(Int64(value)) }
        let (digits, pointPosition) = shortestDigits(value)
        return laidOut(digits, pointPosition)
    }

    /// The shortest decimal digits of positive finite `value` (no leading or
    /// trailing zeros) and where the decimal point goes: `value` is
    /// 0.`digits` × 10^`pointPosition`.
    private static func shortestDigits(_ value: Double) -> (digits: [UInt8], pointPosition: Int) {
        let text = value.description.utf8
        var mantissa = text[...]
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            mantissa = text[..<e]
            exponent = Int(Substring(text[text.index(after: e)...])) ?? 0
        }
        var digits: [UInt8] = []
        var integerDigits: Int?
        for byte in mantissa {
            if byte == UInt8(ascii: ".") { integerDigits = digits.count } else { digits.append(byte) }
        }
        var pointPosition = (integerDigits ?? digits.count) + exponent
        let leadingZeros = digits.prefix { $0 == UInt8(ascii: "0") }.count
        digits.removeFirst(leadingZeros)
        pointPosition -= leadingZeros
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (digits, pointPosition)
    }

    /// ECMAScript's layout of `digits` (k of them) with the point at `n`.
    private static func laidOut(_ digits: [UInt8], _ n: Int) -> String {
        let k = digits.count
        let zero = UInt8(ascii: "0")
        var out: [UInt8] = []
        if k <= n, n <= 21 {
            out = digits + Array(repeating: zero, count: n - k)
        } else if 0 < n, n <= 21 {
            out = Array(digits[..<n]) + [UInt8(ascii: ".")] + digits[n...]
        } else if -6 < n, n <= 0 {
            out = [zero, UInt8(ascii: ".")] + Array(repeating: zero, count: -n) + digits
        } else {
            out = [digits[0]]
            if k > 1 { out += [UInt8(ascii: ".")] + digits[1...] }
            out += Array("e\(n - 1 < 0 ? "-" : "+")\(abs(n - 1))".utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
