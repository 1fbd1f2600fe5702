import NavigationAPI

/// A log line's time as it is written: RFC 3339 UTC with milliseconds,
/// `2026-11-29T14:58:18.123Z`, always 24 bytes.
///
/// Held as three words, so that a line copies it in three stores.
struct LogTimestamp: Equatable {
    /// The bytes, in order: bytes 0...7, 8...15 and 16...23 of the spelling.
    private var words: (UInt64, UInt64, UInt64)

    /// The bytes of a timestamp.
    static var byteCount: Int { 24 }

    /// `time` spelled, each field at its fixed offset, zero-padded.
    init(_ time: UTCDateTime) {
        words = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { buffer in
            /// The last two digits of `value` at `offset`, then `separator`.
            @inline(__always)
            func twoDigits(_ value: Int, at offset: Int, then separator: UInt8) {
                buffer[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10 % 10)
                buffer[offset + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                buffer[offset + 2] = separator
            }
            // The year's first two digits, then each field: the separator
            // after the century is overwritten by the year's last two.
            twoDigits(time.year / 100, at: 0, then: 0)
            twoDigits(time.year, at: 2, then: UInt8(ascii: "-"))
            twoDigits(time.month, at: 5, then: UInt8(ascii: "-"))
            twoDigits(time.day, at: 8, then: UInt8(ascii: "T"))
            twoDigits(time.hour, at: 11, then: UInt8(ascii: ":"))
            twoDigits(time.minute, at: 14, then: UInt8(ascii: ":"))
            twoDigits(time.second, at: 17, then: UInt8(ascii: "."))
            buffer[23] = UInt8(ascii: "Z")
        }
        self = replacingMillisecond(with: time.millisecond)
    }

    /// This timestamp with `millisecond` (0...999, its last three digits
    /// otherwise) in place of its own: the three digits before the `Z`.
    func replacingMillisecond(with millisecond: Int) -> LogTimestamp {
        var timestamp = self
        withUnsafeMutableBytes(of: &timestamp.words) { buffer in
            buffer[20] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisecond / 100 % 10)
            buffer[21] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisecond / 10 % 10)
            buffer[22] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: millisecond % 10)
        }
        return timestamp
    }

    /// Stores the 24 bytes at `target`, which must have room for them.
    @inline(__always)
    func store(to target: UnsafeMutableRawPointer) {
        target.storeBytes(of: words.0, as: UInt64.self)
        (target + 8).storeBytes(of: words.1, as: UInt64.self)
        (target + 16).storeBytes(of: words.2, as: UInt64.self)
    }

    /// Calls `body` with the 24 bytes.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeBytes(of: words) { body($0.assumingMemoryBound(to: UInt8.self)) }
    }

    static func == (left: LogTimestamp, right: LogTimestamp) -> Bool {
        left.words == right.words
    }
}
