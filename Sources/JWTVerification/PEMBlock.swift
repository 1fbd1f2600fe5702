/// The `-----BEGIN <label>-----` lines of a PEM file (RFC 7468).
enum PEMBlock {
    /// The label of every block in `text`, in order; empty when `text` has
    /// none. A `-----BEGIN ` anywhere counts, so a key with explanatory text
    /// before it is still a key (and never an HMAC secret).
    static func labels(in text: [UInt8]) -> [String] {
        var labels: [String] = []
        var position = 0
        while let start = firstIndex(of: begin, in: text, from: position) {
            let labelStart = start + begin.count
            let labelEnd = firstIndex(of: dashes, in: text, from: labelStart) ?? text.count
            let label = text[labelStart..<labelEnd]
            let printable = label.count <= maximumLabelBytes && label.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            labels.append(printable ? String(decoding: label, as: UTF8.self) : "?")
            position = labelStart
        }
        return labels
    }

    private static let begin = Array("-----BEGIN ".utf8)
    private static let dashes = Array("-----".utf8)
    /// RFC 7468's labels are short words; anything longer is shown as "?".
    private static let maximumLabelBytes = 64

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count)
        where haystack[index] == needle[0] && haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
