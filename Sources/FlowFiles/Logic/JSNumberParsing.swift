/// Text read as a number the two ways JavaScript does: `Number("…")`
/// (``number(_:)``: `==`, `-`, `/`, `%`, comparisons, `max`, `min`) and
/// `parseFloat` (``parseFloat(_:)``: `+` and `*` in json-logic-js).
enum JSNumberParsing {
    /// ECMAScript's StringToNumber: whitespace around is ignored, empty text
    /// is 0, a decimal literal with an optional sign and exponent, `Infinity`,
    /// or `0x`/`0o`/`0b` integers; anything else is `NaN`.
    static func number(_ text: String) -> Double {
        let bytes = trimmed(text, trailing: true)
        guard let first = bytes.first else { return 0 }
        if bytes.count > 2, first == UInt8(ascii: "0"), let radix = radix(bytes[1]) {
            return integer(bytes[2...], radix: radix) ?? .nan
        }
        let signed = first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        let start = signed ? 1 : 0
        guard let length = unsignedDecimalLength(bytes, from: start), start + length == bytes.count else { return .nan }
        let magnitude = value(bytes[start..<start + length])
        return first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    /// `parseFloat`: leading whitespace is ignored, then the longest decimal
    /// literal (with an optional sign, or `Infinity`) at the start is read;
    /// `NaN` when there is none.
    static func parseFloat(_ text: String) -> Double {
        let bytes = trimmed(text, trailing: false)
        guard let first = bytes.first else { return .nan }
        let signed = first == UInt8(ascii: "+") || first == UInt8(ascii: "-")
        let start = signed ? 1 : 0
        guard let length = unsignedDecimalLength(bytes, from: start) else { return .nan }
        let magnitude = value(bytes[start..<start + length])
        return first == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    /// The UTF-8 of `text` without JavaScript's white space and line
    /// terminators at its start (and at its end when `trailing`).
    private static func trimmed(_ text: String, trailing: Bool) -> [UInt8] {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isWhitespace($0) }) else { return [] }
        var end = scalars.endIndex
        if trailing, let last = scalars.lastIndex(where: { !isWhitespace($0) }) { end = scalars.index(after: last) }
        return Array(text[start..<end].utf8)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    private static func radix(_ letter: UInt8) -> Int? {
        switch letter | 0x20 {
        case UInt8(ascii: "x"): 16
        case UInt8(ascii: "o"): 8
        case UInt8(ascii: "b"): 2
        default: nil
        }
    }

    /// Digits of `radix`, at least one; `nil` when any is not one.
    private static func integer(_ digits: ArraySlice<UInt8>, radix: Int) -> Double? {
        var exact: UInt64? = 0
        var approximate = 0.0
        for byte in digits {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            approximate = approximate * Double(radix) + Double(digit)
            if let value = exact {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: UInt64(radix))
                let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
                exact = overflow || carry ? nil : sum
            }
        }
        return exact.map { Double($0) } ?? approximate
    }

    /// How many bytes from `start` form an unsigned decimal literal
    /// (`Infinity`, `12`, `1.`, `.5`, `1.5e-3`); `nil` when none does.
    private static func unsignedDecimalLength(_ bytes: [UInt8], from start: Int) -> Int? {
        if bytes[start...].starts(with: "Infinity".utf8) { return 8 }
        func digits(from index: Int) -> Int {
            var end = index
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
            return end - index
        }
        var end = start + digits(from: start)
        var count = end - start
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            let fraction = digits(from: end + 1)
            if count + fraction > 0 {
                end += 1 + fraction
                count += fraction
            }
        }
        guard count > 0 else { return nil }
        if end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "e") {
            var exponent = end + 1
            if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
            let exponentDigits = digits(from: exponent)
            if exponentDigits > 0 { end = exponent + exponentDigits }
        }
        return end - start
    }

    /// The value of an unsigned decimal literal ``unsignedDecimalLength(_:from:)`` accepted.
    private static func value(_ literal: ArraySlice<UInt8>) -> Double {
        if literal.first == UInt8(ascii: "I") { return .infinity }
        return Double(String(decoding: literal, as: UTF8.self)) ?? .nan
    }
}
