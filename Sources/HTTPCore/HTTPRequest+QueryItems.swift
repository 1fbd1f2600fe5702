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

/// Splitting of `application/x-www-form-urlencoded` query strings.
enum QueryString {
    static func items(of query: String) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        for segment in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            if let equals = segment.firstIndex(of: UInt8(ascii: "=")) {
                let name = PercentDecoding.decodeFormComponent(segment[segment.startIndex..<equals])
                let value = PercentDecoding.decodeFormComponent(segment[segment.index(after: equals)...])
                items.append((name: name, value: value))
            } else {
                items.append((name: PercentDecoding.decodeFormComponent(segment), value: ""))
            }
        }
        return items
    }
}
