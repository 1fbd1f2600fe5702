import Coordination

/// Entity tags of session versions: `ETag: "<version>"`, and the
/// conditional headers that compare against them.
enum EntityTag {
    /// The `ETag` value for `version`, e.g. `"7"` with its quotes.
    static func header(for version: Int) -> String {
        withHeader(for: version) { String(decoding: $0, as: UTF8.self) }
    }

    /// ``header(for:)`` spelled on the stack and lent to `body`: a session
    /// response's `ETag` goes into its headers without a `String`.
    static func withHeader<Result>(for version: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let magnitude = UInt64(version.magnitude)
        let count = DecimalDigits.count(of: magnitude)
        let sign = version < 0 ? 1 : 0
        // Quotes, a sign and at most 20 digits.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 23) { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            base[0] = UInt8(ascii: "\"")
            if sign == 1 { base[1] = UInt8(ascii: "-") }
            DecimalDigits.write(magnitude, to: base + 1 + sign)
            base[sign + count + 1] = UInt8(ascii: "\"")
            return body(UnsafeBufferPointer(start: base, count: count + sign + 2))
        }
    }

    /// What an event's `If-Match` asks for.
    enum Precondition: Equatable {
        /// `*`: any current version will do (the session must exist).
        case anyVersion
        /// `"N"` or `W/"N"`: only version N.
        case version(Int)
        /// Not a tag this API issues: it never matches, so the answer is 412.
        case unsatisfiable
    }

    /// Reads `If-Match`. A list is judged by its first member; `nil` when the
    /// header is absent.
    static func precondition(ifMatch value: String?) -> Precondition? {
        guard let value else { return nil }
        guard let first = value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).first
        else { return .unsatisfiable }
        let member = trimmed(first)
        if member.elementsEqual("*".utf8) { return .anyVersion }
        guard let version = version(in: member) else { return .unsatisfiable }
        return .version(version)
    }

    /// Whether `If-None-Match` matches `version` (weak comparison, as RFC 9110
    /// asks for this header): `*`, or any listed tag equal to it. Malformed
    /// members match nothing.
    static func ifNoneMatch(_ value: String, matches version: Int) -> Bool {
        for member in value.utf8.split(separator: UInt8(ascii: ",")) {
            let member = trimmed(member)
            if member.elementsEqual("*".utf8) || self.version(in: member) == version { return true }
        }
        return false
    }

    /// The version in `"N"` or `W/"N"`; `nil` for anything else.
    private static func version(in tag: Substring.UTF8View) -> Int? {
        var tag = tag
        if tag.starts(with: "W/".utf8) { tag = tag.dropFirst(2) }
        guard tag.count >= 3, tag.first == UInt8(ascii: "\""), tag.last == UInt8(ascii: "\"") else { return nil }
        return DecimalInteger.parse(tag.dropFirst().dropLast())
    }

    /// Drops the optional whitespace (spaces and tabs) around a list member.
    private static func trimmed(_ text: Substring.UTF8View) -> Substring.UTF8View {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var text = text
        while let first = text.first, isWhitespace(first) { text = text.dropFirst() }
        while let last = text.last, isWhitespace(last) { text = text.dropLast() }
        return text
    }
}
