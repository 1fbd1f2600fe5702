/// RFC 3986 percent-decoding of one path segment.
///
/// Unlike form decoding, `+` stays `+`. A `%` not followed by two hex digits
/// makes the segment invalid rather than being kept literally: a path that
/// cannot be decoded names no resource.
enum PercentDecoding {
    /// The decoded segment, or `nil` for a malformed escape. Bytes that are not
    /// valid UTF-8 after decoding become U+FFFD, so they match no literal
    /// segment and no session id.
    static func decode(_ encoded: some Collection<UInt8>) -> String? {
        guard encoded.contains(UInt8(ascii: "%")) else { return String(decoding: encoded, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            index = encoded.index(after: index)
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard index < encoded.endIndex, let high = hexValue(encoded[index]) else { return nil }
            index = encoded.index(after: index)
            guard index < encoded.endIndex, let low = hexValue(encoded[index]) else { return nil }
            index = encoded.index(after: index)
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
