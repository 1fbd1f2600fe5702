import Platform

/// The words nearly every request sends, spelled as clients spell them:
/// methods, header names, a few header values. A request's text that is
/// one of them becomes that constant `String`, where decoding its bytes
/// cost UTF-8 validation (~100–170 instructions a string) and, past 15
/// bytes (`application/json`), an allocation.
///
/// Matching is exact, byte for byte: any other spelling (`content-type`,
/// a value with a parameter) is decoded as before, to the same `String`.
enum CommonRequestText {
    static let methods = Table(["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"])

    static let headerNames = Table([
        "Host", "Content-Type", "Content-Length", "Accept", "User-Agent", "Connection", "Authorization",
        "Accept-Encoding", "Accept-Language", "Origin", "Referer", "Expect", "Transfer-Encoding", "If-Match",
        "If-None-Match", "Last-Event-ID", "X-Request-ID", "Cache-Control", "Access-Control-Request-Method",
        "Access-Control-Request-Headers", "Sec-Fetch-Mode", "Sec-Fetch-Site", "Sec-Fetch-Dest",
    ])

    static let headerValues = Table([
        "application/json", "application/json; charset=utf-8", "*/*", "keep-alive", "close", "100-continue",
        "chunked", "no-cache", "text/event-stream", "gzip, deflate", "gzip, deflate, br",
    ])

    /// `bytes` decoded as UTF-8 (invalid sequences repaired), the constant
    /// of `table` when it is one.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, knownFrom table: Table) -> String {
        table.constant(spelled: bytes) ?? String(decoding: bytes, as: UTF8.self)
    }

    /// Constant strings and their bytes, grouped by length: a text of a
    /// length no constant has (a host, a number) is looked up in a few
    /// instructions, where scanning every entry cost ~150 a header.
    struct Table: Sendable {
        /// A struct, not a tuple: an array of tuples goes through the runtime's generic witnesses.
        private struct Entry: Sendable {
            let bytes: [UInt8]
            let string: String
        }

        /// The entries of each length, at that index; none past the longest.
        private let entriesByLength: [[Entry]]

        init(_ strings: [String]) {
            var byLength = [[Entry]](repeating: [], count: (strings.map(\.utf8.count).max() ?? 0) + 1)
            for string in strings {
                byLength[string.utf8.count].append(Entry(bytes: Array(string.utf8), string: string))
            }
            entriesByLength = byLength
        }

        /// Every constant of the table.
        var strings: [String] { entriesByLength.flatMap { $0.map(\.string) } }

        func constant(spelled bytes: UnsafeBufferPointer<UInt8>) -> String? {
            guard bytes.count < entriesByLength.count else { return nil }
            for entry in entriesByLength[bytes.count] {
                if entry.bytes.withUnsafeBufferPointer({ ByteRuns.equal($0, bytes) }) { return entry.string }
            }
            return nil
        }
    }
}
