/// The parts of a `Content-Type` value this API looks at.
struct MediaType: Equatable {
    /// Lowercased, e.g. `application`.
    let type: String
    /// Lowercased, e.g. `json` or `merge-patch+json`.
    let subtype: String
    /// The `charset` parameter, lowercased and unquoted, if present.
    let charset: String?

    /// Parses `type/subtype *(; name=value)`; `nil` when there is no `/`.
    init?(_ value: String) {
        let parts = value.split(separator: ";", omittingEmptySubsequences: false)
        guard let essence = parts.first else { return nil }
        let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let type = Self.trimmed(halves[0]).lowercased()
        let subtype = Self.trimmed(halves[1]).lowercased()
        guard !type.isEmpty, !subtype.isEmpty else { return nil }
        self.type = type
        self.subtype = subtype
        var charset: String?
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, Self.trimmed(pair[0]).lowercased() == "charset" else { continue }
            var value = Self.trimmed(pair[1])
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            charset = value.lowercased()
        }
        self.charset = charset
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

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
