/// Strict base64url without padding (RFC 7515, section 2; RFC 4648, section 5).
///
/// Refuses `=` padding, any byte outside `A–Z a–z 0–9 - _`, a length that
/// leaves one lone character, and a last character whose unused low bits are
/// not zero. So each byte string has exactly one encoding, and a token whose
/// text was changed anywhere never decodes to the bytes that were signed.
enum Base64URL {
    /// The bytes `text` encodes, or `nil` when it is not strict base64url.
    static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        if text.count % 4 == 1 { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for character in text {
            let sextet = Self.sextet(of: character)
            if sextet == invalid { return nil }
            accumulator = (accumulator << 6) | UInt32(sextet)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
                accumulator &= (1 << UInt32(bitCount)) - 1
            }
        }
        // 2 or 4 bits are left over after a partial group; they must be zero.
        return accumulator == 0 ? output : nil
    }

    private static let invalid: UInt8 = 0xFF

    /// The 6-bit value of one base64url character, or `invalid`.
    private static func sextet(of character: UInt8) -> UInt8 {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: invalid
        }
    }
}
