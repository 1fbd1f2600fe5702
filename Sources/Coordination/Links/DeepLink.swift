/// A deep link as a flow's patterns see it: a path split into decoded
/// segments, and the values its pattern named (`/rates/USD` matched by
/// `/rates/{code}` has `code == "USD"`).
///
/// Links come from outside (a push notification, an email), so ``init(_:)``
/// is strict: it refuses what a path may not hold rather than guessing what
/// was meant. A flow's routes never see such a link.
public struct DeepLink: Sendable, Equatable, CustomStringConvertible {
    /// The most UTF-8 bytes a link may have, as sent: longer ones are refused
    /// before they are parsed. Real links are a few dozen bytes; the bound
    /// keeps a held link and its journal record small.
    public static let maxByteCount = 512

    /// The link as the client sent it (`/rates/USD`): what `pendingLink` shows.
    public let path: String
    /// The path's segments, percent-decoded (`["rates", "USD"]`).
    public let segments: [String]
    /// The pattern that matched, once one did (`/rates/{code}`).
    public private(set) var pattern: String?
    /// The values of the matched pattern's `{name}` segments.
    public private(set) var values: [String: String] = [:]

    /// Parses `path`, or throws ``NavigationError/Kind/invalidLink`` saying
    /// what is wrong: it must start with `/`, be at most ``maxByteCount``
    /// bytes, hold no query, fragment, empty, `.` or `..` segment, and its
    /// percent escapes must decode to UTF-8 text without control characters.
    /// One trailing `/` is ignored.
    public init(_ path: String) throws(NavigationError) {
        let length = path.utf8.count
        guard length <= Self.maxByteCount else {
            throw Self.invalid("a link may have at most \(Self.maxByteCount) bytes, not \(length)")
        }
        guard path.hasPrefix("/") else { throw Self.invalid("a link is a path that starts with '/', such as /profile") }
        guard !path.contains("?"), !path.contains("#") else {
            throw Self.invalid("a link is a path alone: no query ('?') or fragment ('#')")
        }
        var raw = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        if path != "/", raw.last?.isEmpty == true { raw = raw.dropLast() }
        var segments: [String] = []
        for segment in raw where path != "/" {
            let decoded = try Self.decoded(Array(segment))
            guard !decoded.isEmpty else { throw Self.invalid("a link may not have an empty segment ('//')") }
            guard decoded != ".", decoded != ".." else { throw Self.invalid("a link may not have a '.' or '..' segment") }
            segments.append(decoded)
        }
        self.path = path
        self.segments = segments
    }

    /// The value of the pattern's `{name}` segment; empty when there is none.
    public subscript(_ name: String) -> String { values[name] ?? "" }

    public var description: String { path }

    /// This link with the values `pattern` found in it.
    func matched(by pattern: LinkPattern, values: [String: String]) -> DeepLink {
        var link = self
        link.pattern = pattern.pattern
        link.values = values
        return link
    }

    /// One segment with its `%XX` escapes decoded: valid UTF-8, no control
    /// characters (NUL included) and no `/` hidden in an escape.
    private static func decoded(_ bytes: [UInt8]) throws(NavigationError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { throw invalid("'%' must start an escape of two hex digits, such as %20") }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            throw invalid("a link's escapes must decode to UTF-8 text")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw invalid("a link may not hold control characters (NUL included)")
        }
        guard !text.contains("/") else { throw invalid("a link may not hide '/' in an escape (%2F)") }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func invalid(_ reason: String) -> NavigationError {
        NavigationError(.invalidLink, reason)
    }
}
