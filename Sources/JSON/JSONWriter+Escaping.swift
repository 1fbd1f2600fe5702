/// Strings as JSON text: quoted, with what must be escaped escaped, and
/// safe to embed in HTML.
extension JSONWriter {
    /// `utf8` escaped, between quotes when `quoted`.
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, quoted: Bool = true) {
        // Copied while scanned, one byte at a time: the strings of a
        // document are short, and a separate copy called `memcpy` for each.
        // Nothing to escape is the common case: quotes and text in one piece.
        let count = utf8.count
        let quotes = quoted ? 2 : 0
        let text = room(for: count + quotes) + quotes / 2
        if quoted { text[-1] = UInt8(ascii: "\"") }
        let plain = Self.copyUntilEscape(utf8, to: text)
        if plain == count {
            if quoted { text[count] = UInt8(ascii: "\"") }
            didWrite(count + quotes)
            return
        }
        // The opening quote and the bytes before the first to escape are
        // written; the rest is escaped from there.
        didWrite(plain + quotes / 2)
        appendEscaped(utf8, from: plain, quoted: quoted)
    }

    /// Copies `utf8` to `text` up to its first byte that may need escaping;
    /// returns how many it copied (all of them when none may).
    @inline(__always)
    static func copyUntilEscape(_ utf8: UnsafeBufferPointer<UInt8>, to text: UnsafeMutablePointer<UInt8>) -> Int {
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if mayNeedEscape(byte) { break }
            text[index] = byte
            index += 1
        }
        return index
    }

    /// `utf8` from `start` on, escaped, and the closing quote when
    /// `quoted`: what follows the plain bytes ``copyUntilEscape(_:to:)`` wrote.
    @inline(never)
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int, quoted: Bool) {
        var index = start
        var runStart = index
        while index < utf8.count {
            let byte = utf8[index]
            guard Self.mayNeedEscape(byte) else {
                index += 1
                continue
            }
            // U+2028 and U+2029 are E2 80 A8 / E2 80 A9; other E2 sequences pass through.
            if byte == 0xE2 {
                guard index + 2 < utf8.count, utf8[index + 1] == 0x80,
                    utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9
                else {
                    index += 1
                    continue
                }
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            if byte == 0xE2 {
                appendUnicodeEscape(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                index += 3
            } else {
                appendEscape(for: byte)
                index += 1
            }
            runStart = index
        }
        append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        if quoted { append(UInt8(ascii: "\"")) }
    }

    /// True for bytes that are escaped, and for 0xE2, which may start U+2028/U+2029.
    /// Shared with ``encodedByteCount(ofString:)``, which must agree byte for byte.
    @inline(__always)
    static func mayNeedEscape(_ byte: UInt8) -> Bool {
        if byte < 0x40 { return lowEscapeMask >> byte & 1 != 0 }
        return byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    /// Bit n set when byte n (< 0x40) is escaped: controls, `"`, `&`, `<`, `>`.
    private static let lowEscapeMask: UInt64 =
        0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

    private mutating func appendEscape(for byte: UInt8) {
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default: return appendUnicodeEscape(UInt16(byte))
        }
        append(UInt8(ascii: "\\"))
        append(short)
    }

    /// Appends `\uXXXX` with lowercase hex digits.
    private mutating func appendUnicodeEscape(_ unit: UInt16) {
        append(UInt8(ascii: "\\"))
        append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            append(Self.hexDigit(UInt8(truncatingIfNeeded: unit >> UInt16(shift)) & 0x0F))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }
}
