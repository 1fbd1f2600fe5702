import Platform
import Synchronization

/// The `X-Request-ID` of a request: the client's, when it is a safe token,
/// else one made here. Either way it is echoed in the response and logged,
/// so a client, a proxy and this server's log name the request alike.
enum RequestID {
    static let headerName: StaticString = "X-Request-ID"
    /// Longest id taken from a client; longer ones are replaced.
    static let maxLength = 128

    /// An id as it is sent and logged: the client's text, or one made here,
    /// held inline (no `String`, no allocation).
    struct Text: Sendable {
        /// The client's id; nil for one made here.
        private let sent: String?
        /// A made id's bytes, the first `length` of these five words.
        private let words: (UInt64, UInt64, UInt64, UInt64, UInt64)
        private let length: Int

        init(sent: String) {
            self.sent = sent
            words = (0, 0, 0, 0, 0)
            length = 0
        }

        /// A made id of `length` bytes (at most 40), in `words`.
        init(words: (UInt64, UInt64, UInt64, UInt64, UInt64), length: Int) {
            sent = nil
            self.words = words
            self.length = length
        }

        /// Calls `body` with the id's UTF-8 bytes.
        func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            if let sent {
                if let result = sent.utf8.withContiguousStorageIfAvailable(body) { return result }
                return Array(sent.utf8).withUnsafeBufferPointer(body)
            }
            return withUnsafeBytes(of: words) { body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<length])) }
        }

        /// The id as a `String`.
        var string: String { sent ?? withUTF8 { String(decoding: $0, as: UTF8.self) } }
    }

    /// The client's id if it is 1–128 characters of `A-Z a-z 0-9 . _ -`,
    /// else a new one.
    // Out of line so that bench/profile.py can name its cost ("request id").
    @inline(never)
    static func forRequest(sentAs header: String?) -> Text {
        if let header, isValid(header) { return Text(sent: header) }
        return generate()
    }

    /// A token of ``LogLine/field(_:token:)``, at most ``maxLength`` bytes:
    /// logged as it is, and safe in a header.
    static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.count <= maxLength && LogLine.isToken($0) }
    }

    /// A random prefix per process and a counter: unique across restarts and
    /// instances, and no system call per request.
    static func generate() -> Text {
        spelled(number: UInt64(truncatingIfNeeded: counter.add(1, ordering: .relaxed).newValue))
    }

    /// The id of the `number`th request: the prefix, `-`, and the number in
    /// lowercase hex without leading zeros.
    static func spelled(number: UInt64) -> Text {
        let digitCount = max(1, (UInt64.bitWidth - number.leadingZeroBitCount + 3) / 4)
        // Spelled in words (``HexWord``): a digit at a time cost ~190
        // instructions an id, and a `String` of it (past 15 bytes) an
        // allocation. All 16 digits of the number are stored so that its
        // last digit ends the id, and their leading zeros then overwritten
        // by the prefix and the `-`.
        let length = prefixLength + 1 + digitCount
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { buffer in
            let base = buffer.baseAddress!
            let digitsStart = length - 16
            base.storeBytes(
                of: HexWord.digits(of: UInt32(truncatingIfNeeded: number >> 32)), toByteOffset: digitsStart, as: UInt64.self)
            base.storeBytes(
                of: HexWord.digits(of: UInt32(truncatingIfNeeded: number)), toByteOffset: digitsStart + 8, as: UInt64.self)
            base.storeBytes(of: prefixWords.high, toByteOffset: 0, as: UInt64.self)
            base.storeBytes(of: prefixWords.low, toByteOffset: 8, as: UInt64.self)
            base.storeBytes(of: UInt8(ascii: "-"), toByteOffset: prefixLength, as: UInt8.self)
        }
        return Text(words: words, length: length)
    }

    private static let counter = Atomic<Int>(0)

    private static let prefixLength = 16

    /// 64 random bits as 16 hex digits, in two words of eight.
    private static let prefixWords: (high: UInt64, low: UInt64) = {
        var generator = SystemRandomNumberGenerator()
        let random = generator.next() as UInt64
        return (
            HexWord.digits(of: UInt32(truncatingIfNeeded: random >> 32)), HexWord.digits(of: UInt32(truncatingIfNeeded: random))
        )
    }()
}
