/// Substring search by code units, as JavaScript's `indexOf` (Swift's
/// `contains` matches whole characters, so `"é"` would not hold `"e"`).
///
/// It searches UTF-8 bytes: for valid text a needle's bytes occur exactly
/// where its UTF-16 code units do. Knuth–Morris–Pratt, so the time is
/// linear in both lengths.
enum TextSearch {
    static func contains(_ text: String, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty else { return true }
        // failure[i]: the length of the longest proper border of pattern[...i].
        var failure = [Int](repeating: 0, count: pattern.count)
        var border = 0
        for index in pattern.indices.dropFirst() {
            while border > 0, pattern[index] != pattern[border] { border = failure[border - 1] }
            if pattern[index] == pattern[border] { border += 1 }
            failure[index] = border
        }
        var matched = 0
        for byte in text.utf8 {
            while matched > 0, byte != pattern[matched] { matched = failure[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
        }
        return false
    }
}
