/// Seconds as flags and `--help` write them: `1800`, `0.5`.
package enum SecondsText {
    package static func parse(_ text: String) -> Double? {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 31_536_000 * 100 else { return nil }
        return seconds
    }

    package static func format(_ seconds: Double) -> String {
        if let whole = Int(exactly: seconds) { return String(whole) }
        return String(seconds)
    }
}
