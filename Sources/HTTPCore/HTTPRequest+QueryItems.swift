extension HTTPRequest {
    /// The query string split into `name=value` pairs, in order.
    ///
    /// Decodes as HTML forms do: `+` is a space and `%HH` a byte; a `%` not
    /// followed by two hex digits is kept literally, and bytes that are not
    /// valid UTF-8 become U+FFFD, so no input can make this fail. Empty
    /// segments (`a=1&&b=2`) are skipped; a segment without `=` has value `""`.
    public func queryItems() -> [(name: String, value: String)] {
        QueryString.items(of: query)
    }
}

/// Percent-decoding of `application/x-www-form-urlencoded` query strings.
enum QueryString {
    static func items(of query: String) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        for segment in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let equals = segment.firstIndex(of: UInt8(ascii: "=")) {
                let name = decode(segment[segment.startIndex..<equals])
                let value = decode(segment[segment.index(after: equals)...])
                items.append((name: name, value: value))
            } else {
                items.append((name: decode(segment), value: ""))
            }
        }
        return items
    }

    static func decode(_ encoded: Substring.UTF8View) -> String {
        // Fast path: nothing to decode, so no intermediate buffer.
        if !encoded.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return String(Substring(encoded))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let decoded = hexPair(in: encoded, after: index) {
                bytes.append(decoded)
                index = encoded.index(index, offsetBy: 2)
            } else {
                bytes.append(byte)
            }
            index = encoded.index(after: index)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The byte spelled by the two hex digits after `percent`, if both exist.
    private static func hexPair(in encoded: Substring.UTF8View, after percent: Substring.UTF8View.Index) -> UInt8? {
        let first = encoded.index(after: percent)
        guard first < encoded.endIndex else { return nil }
        let second = encoded.index(after: first)
        guard second < encoded.endIndex,
              let high = hexValue(encoded[first]),
              let low = hexValue(encoded[second])
        else { return nil }
        return high << 4 | low
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
