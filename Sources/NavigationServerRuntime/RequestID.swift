import Synchronization

/// The `X-Request-ID` of a request: the client's, when it is a safe token,
/// else one made here. Either way it is echoed in the response and logged,
/// so a client, a proxy and this server's log name the request alike.
enum RequestID {
    static let headerName = "X-Request-ID"
    /// Longest id taken from a client; longer ones are replaced.
    static let maxLength = 128

    /// The client's id if it is 1–128 characters of `A-Z a-z 0-9 . _ -`,
    /// else a new one.
    // Out of line so that bench/profile.py can name its cost ("request id").
    @inline(never)
    static func forRequest(sentAs header: String?) -> String {
        if let header, isValid(header) { return header }
        return generate()
    }

    static func isValid(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= maxLength else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    /// A random prefix per process and a counter: unique across restarts and
    /// instances, and no system call per request.
    static func generate() -> String {
        let number = UInt64(truncatingIfNeeded: counter.add(1, ordering: .relaxed).newValue)
        // Spelled into one string: concatenating the parts allocated twice
        // and `String(_:radix:)` costs more than these few digits.
        let digitCount = max(1, (UInt64.bitWidth - number.leadingZeroBitCount + 3) / 4)
        // On the stack, then decoded once: `String(unsafeUninitializedCapacity:)`
        // went through the standard library's unspecialized code.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefixBytes.count + 1 + digitCount) { buffer in
            var index = 0
            for byte in prefixBytes {
                buffer[index] = byte
                index += 1
            }
            buffer[index] = UInt8(ascii: "-")
            index += 1
            for shift in stride(from: (digitCount - 1) * 4, through: 0, by: -4) {
                let digit = UInt8(truncatingIfNeeded: number >> UInt64(shift)) & 0xF
                buffer[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                index += 1
            }
            return String(decoding: buffer, as: UTF8.self)
        }
    }

    private static let counter = Atomic<Int>(0)

    private static let prefix: String = {
        var generator = SystemRandomNumberGenerator()
        let random = generator.next() as UInt64
        let hex = String(random, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }()

    private static let prefixBytes: [UInt8] = Array(prefix.utf8)
}
