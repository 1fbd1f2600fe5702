import JSON

/// The reason a backend gave for saying no, as one short line: what a flow
/// may show a person ("Your card was declined.").
enum RejectionDetail {
    /// The longest detail kept, in UTF-8 bytes; a longer one is cut and ends with "…".
    static let maxBytes = 500

    /// The `detail` string of a JSON body (any JSON media type, RFC 9457's
    /// `application/problem+json` among them), or the text of a
    /// `text/plain` body; `nil` for anything else or nothing usable.
    static func detail(body: [UInt8], contentType: String?) -> String? {
        guard !body.isEmpty, let mediaType = contentType.map(mediaType(of:)) else { return nil }
        if mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json")) {
            guard let detail = (try? JSONParser.parse(body))?["detail"]?.stringValue else { return nil }
            return oneLine(detail)
        }
        if mediaType == "text/plain" {
            return oneLine(String(decoding: body, as: UTF8.self))
        }
        return nil
    }

    /// `type/subtype` in lower case, without parameters (`; charset=utf-8`).
    private static func mediaType(of contentType: String) -> String {
        let essence = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return essence.trimmingBlanks().lowercased()
    }

    /// Control characters and runs of white space as one space, trimmed,
    /// at most ``maxBytes`` bytes; `nil` when nothing is left.
    private static func oneLine(_ text: String) -> String? {
        var scalars: [Unicode.Scalar] = []
        var bytes = 0
        var pendingSpace = false
        for scalar in text.unicodeScalars where bytes <= maxBytes {
            if scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if pendingSpace {
                scalars.append(" ")
                bytes += 1
                pendingSpace = false
            }
            scalars.append(scalar)
            bytes += scalar.utf8.count
        }
        if bytes > maxBytes {
            let ellipsis: Unicode.Scalar = "…"
            while bytes > maxBytes - ellipsis.utf8.count, let last = scalars.popLast() {
                bytes -= last.utf8.count
            }
            while scalars.last == " " { scalars.removeLast() }
            scalars.append(ellipsis)
        }
        return scalars.isEmpty ? nil : String(String.UnicodeScalarView(scalars))
    }
}
