/// The parts of a `Content-Type` value this API looks at.
///
/// Parsed on UTF-8 bytes: every delimiter and name it compares is ASCII, and
/// `Character`-based splitting and lowercasing cost more than the rest of
/// reading an event body (callgrind, `make bench`).
struct MediaType: Equatable {
    /// Lowercased, e.g. `application`.
    let type: String
    /// Lowercased, e.g. `json` or `merge-patch+json`.
    let subtype: String
    /// The `charset` parameter, lowercased and unquoted, if present.
    let charset: String?

    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// Parses `type/subtype *(; name=value)`; `nil` when there is no `/`.
    init?(_ value: String) {
        var value = value
        guard let parts = value.withUTF8({ Self.parse($0) }) else { return nil }
        (type, subtype, charset) = parts
    }

    /// `application/json` or any `+json` structured syntax suffix (RFC 6839).
    var isJSON: Bool {
        type == "application" && (subtype == "json" || subtype.hasSuffix("+json"))
    }

    /// JSON is UTF-8 (RFC 8259 §8.1); a declared charset must agree.
    var declaresUTF8Compatible: Bool {
        guard let charset else { return true }
        return charset == "utf-8" || charset == "utf8" || charset == "us-ascii"
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, String, String?)? {
        let parts = bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard let essence = parts.first else { return nil }
        let halves = essence.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let type = lowercased(trimmed(halves[0]))
        let subtype = lowercased(trimmed(halves[1]))
        guard !type.isEmpty, !subtype.isEmpty else { return nil }
        var charset: String?
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, lowercased(trimmed(pair[0])) == "charset" else { continue }
            var value = trimmed(pair[1])
            if value.count >= 2, value.first == UInt8(ascii: "\""), value.last == UInt8(ascii: "\"") {
                value = value.dropFirst().dropLast()
            }
            charset = lowercased(value)
        }
        return (type, subtype, charset)
    }

    private static func trimmed(_ bytes: Bytes) -> Bytes {
        var bytes = bytes
        while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            bytes = bytes.dropFirst()
        }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            bytes = bytes.dropLast()
        }
        return bytes
    }

    /// ASCII letters lowercased; other bytes, including those of non-ASCII
    /// characters, kept (no name this API compares contains one).
    private static func lowercased(_ bytes: Bytes) -> String {
        String(decoding: bytes.lazy.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
