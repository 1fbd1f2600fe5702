/// Text a problem echoes back from a request (a flow name, a link, a
/// member's name), made safe to show and bounded in size.
///
/// - Characters that would not show as themselves are spelled out as
///   `\u{XXXX}`: control characters, and the invisible formatting ones that
///   reorder or hide text (bidi overrides and isolates, zero-width
///   characters, the byte order mark), so a client that prints the detail
///   cannot be made to show something other than what was sent.
/// - Past `maxBytes` of UTF-8 the text is cut at a character boundary and
///   ends with `…`, so no answer grows with what a client sent.
enum ProblemText {
    /// The most bytes of a problem's `detail`.
    static let maxDetailBytes = 2_048
    /// The most bytes of one field error's `field` and of its `message`.
    static let maxFieldBytes = 128
    static let maxMessageBytes = 512
    /// The most field errors a problem lists; `omittedErrors` counts the rest.
    static let maxListedErrors = 20

    static func bounded(_ text: String, maxBytes: Int) -> String {
        // The common case, short printable ASCII, is returned as it is.
        if text.utf8.count <= maxBytes, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        var bytes = 0
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            let piece = isHidden(scalar) ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            let length = piece.utf8.count
            if bytes + length > maxBytes - ellipsisBytes {
                // The last piece may use the room kept for the ellipsis.
                if bytes + length <= maxBytes, scalars.next() == nil { return result + piece }
                return result + "…"
            }
            result += piece
            bytes += length
        }
        return result
    }

    private static let ellipsisBytes = "…".utf8.count

    /// Control characters and invisible formatting characters.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF: true
        default: false
        }
    }
}
