/// Strict parsing of a non-negative decimal integer: ASCII digits only, no
/// sign, no spaces, no overflow.
enum DecimalInteger {
    static func parse<Digits: Collection<UInt8>>(_ digits: Digits) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowShift, !overflowAdd else { return nil }
            value = sum
        }
        return value
    }

    static func parse(_ text: String) -> Int? {
        parse(text.utf8)
    }
}
