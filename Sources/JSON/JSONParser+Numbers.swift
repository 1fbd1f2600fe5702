// Numbers: validated against the JSON grammar, then converted exactly. Most
// numbers in practice have few digits and a small exponent, which one IEEE
// multiply or divide converts with correct rounding; the rest go through the
// standard library's correctly rounded text conversion.

extension JSONParser {
    /// Parses `-? int frac? exp?` at `position` and leaves `position` after it.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = position
        let negative = input[position] == UInt8(ascii: "-")
        if negative { position += 1 }

        var mantissa: UInt64 = 0
        var decimalExponent = 0
        var exact = true  // false once the digits no longer fit `mantissa`

        guard position < input.count else { throw error(.unexpectedEnd, at: position, hint: "expected a digit after '-'") }
        switch input[position] {
        case UInt8(ascii: "0"):
            position += 1
            if position < input.count, Self.isDigit(input[position]) {
                throw error(.invalidNumber, at: start, hint: "leading zeros are not allowed")
            }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            while position < input.count, Self.isDigit(input[position]) {
                exact = exact && Self.accumulate(input[position], into: &mantissa)
                position += 1
            }
        default:
            throw error(.invalidNumber, at: start, hint: "expected a digit after '-'")
        }

        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            try requireDigit(numberStart: start, hint: "expected a digit after '.'")
            while position < input.count, Self.isDigit(input[position]) {
                exact = exact && Self.accumulate(input[position], into: &mantissa)
                decimalExponent -= 1
                position += 1
            }
        }

        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") {
                exponentNegative = input[position] == UInt8(ascii: "-")
                position += 1
            }
            try requireDigit(numberStart: start, hint: "expected a digit in the exponent")
            var exponent = 0
            while position < input.count, Self.isDigit(input[position]) {
                // Beyond any Double's range; keep counting digits without overflowing.
                if exponent < 100_000 { exponent = exponent * 10 + Int(input[position] - UInt8(ascii: "0")) }
                position += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }

        // "1.2.3", "0x10", "1e5e5" and the like: one malformed number, not a number then junk.
        if position < input.count, Self.continuesNumber(input[position]) {
            throw error(.invalidNumber, at: start, hint: "unexpected \(Self.printable(input[position])) in a number")
        }

        if exact, let value = Self.fastValue(mantissa: mantissa, decimalExponent: decimalExponent) {
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error(.invalidNumber, at: start, hint: "the number is too large")
        }
        return value
    }

    private mutating func requireDigit(numberStart: Int, hint: String) throws(JSONParseError) {
        guard position < input.count else { throw error(.unexpectedEnd, at: position, hint: hint) }
        guard Self.isDigit(input[position]) else { throw error(.invalidNumber, at: numberStart, hint: hint) }
    }

    /// Appends a digit to `mantissa`; false if that would leave the exactly representable range.
    private static func accumulate(_ digit: UInt8, into mantissa: inout UInt64) -> Bool {
        let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
        if overflow1 || overflow2 { return false }
        mantissa = sum
        return true
    }

    /// `mantissa × 10^decimalExponent` when one correctly rounded operation computes it, else nil.
    private static func fastValue(mantissa: UInt64, decimalExponent: Int) -> Double? {
        if mantissa == 0 { return 0 }
        // An integer converts with a single rounding, whatever its size.
        if decimalExponent == 0 { return Double(mantissa) }
        // Otherwise both operands must be exact: mantissa ≤ 2^53 and 10^k with k ≤ 22.
        guard mantissa <= 1 << 53, decimalExponent.magnitude <= 22 else { return nil }
        let power = powersOfTen[Int(decimalExponent.magnitude)]
        return decimalExponent > 0 ? Double(mantissa) * power : Double(mantissa) / power
    }

    /// 10^0 through 10^22, the powers of ten a `Double` holds exactly.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Bytes that cannot legally follow a number but show the writer meant it as part of one.
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        "'\(Character(Unicode.Scalar(byte)))'"
    }
}
