import Coordination
import NavigationAPI
import Platform

/// One log line as bytes, in JSON or text, ready for a single `write(2)`.
///
/// JSON: `{"time":"2026-11-29T14:58:18.123Z","level":"info","msg":"request","status":200}`.
/// Text (logfmt after time, level and message): `2026-11-29T14:58:18.123Z info request status=200`.
/// Values are escaped, so no client-sent text can break a line or forge one.
struct LogLine {
    private let format: LogFormat
    /// Where the line is written while it fits: memory on the caller's stack
    /// (``write(format:level:message:_:to:)``), so that a line costs no
    /// allocation and each piece a copy, not an array append (~100
    /// instructions each, ~20 pieces per request line).
    private let scratch: UnsafeMutableBufferPointer<UInt8>
    private var used = 0
    /// The line, once it outgrew `scratch`.
    private var spilled: [UInt8] = []
    private var hasSpilled = false

    private init(
        format: LogFormat, level: LogLevel, message: StaticString, time: LogTimestamp, scratch: UnsafeMutableBufferPointer<UInt8>
    ) {
        self.format = format
        self.scratch = scratch
        switch format {
        case .json:
            append("{\"time\":\"")
            appendTimestamp(time)
            append("\",\"level\":\"")
            append(Self.spelling(of: level))
            append("\",\"msg\":")
            message.withUTF8Buffer { appendValue(utf8: $0) }
        case .text:
            appendTimestamp(time)
            append(" ")
            append(Self.spelling(of: level))
            append(" ")
            message.withUTF8Buffer { appendValue(utf8: $0) }
        }
    }

    /// Builds a line in `stackBytes` of memory on the stack (a longer line
    /// moves to the heap) and hands it, finished, newline included, to
    /// `output`. Its time is `time`, now unless a test says otherwise.
    static func write(
        format: LogFormat, level: LogLevel, message: StaticString, time: UTCDateTime = .now(), stackBytes: Int = scratchBytes,
        _ fill: (inout LogLine) -> Void, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        write(format: format, level: level, message: message, timestamp: LogTimestamp(time), stackBytes: stackBytes, fill, to: output)
    }

    /// ``write(format:level:message:time:stackBytes:_:to:)`` with the time
    /// spelled already (``LogTimestampCache``).
    static func write(
        format: LogFormat, level: LogLevel, message: StaticString, timestamp time: LogTimestamp, stackBytes: Int = scratchBytes,
        _ fill: (inout LogLine) -> Void, to output: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackBytes) { scratch in
            var line = LogLine(format: format, level: level, message: message, time: time, scratch: scratch)
            fill(&line)
            line.finish()
            line.withBytes(output)
        }
    }

    /// Room on the stack for a line: a request line is ~200 bytes.
    static var scratchBytes: Int { 512 }

    mutating func field(_ key: StaticString, _ value: String) {
        appendKey(key)
        switch format {
        case .json: appendJSONString(value)
        case .text: appendTextValue(value)
        }
    }

    /// A text field given as its UTF-8 bytes (invalid ones repaired).
    mutating func field(_ key: StaticString, utf8 value: UnsafeBufferPointer<UInt8>) {
        appendKey(key)
        appendValue(utf8: value)
    }

    /// A field whose value is a token neither format escapes nor quotes:
    /// 1 or more of `A-Z a-z 0-9 . _ -`, as every request id is
    /// (``RequestID``). Copied as it is, without the check every other
    /// value gets (~4 instructions a byte).
    mutating func field(_ key: StaticString, token value: UnsafeBufferPointer<UInt8>) {
        assert(Self.isToken(value), "not a token: \(Array(value))")
        appendKey(key)
        guard format == .json else { return append(value) }
        append(byte: UInt8(ascii: "\""))
        append(value)
        append(byte: UInt8(ascii: "\""))
    }

    /// What ``field(_:token:)`` takes.
    static func isToken(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        !value.isEmpty
            && value.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    mutating func field(_ key: StaticString, _ value: Int) {
        appendKey(key)
        appendDecimal(value)
    }

    /// A text value given as its UTF-8 bytes (invalid ones repaired):
    /// quoted and escaped in JSON, bare or quoted in text.
    @inline(__always)
    private mutating func appendValue(utf8 value: UnsafeBufferPointer<UInt8>) {
        switch format {
        case .json:
            if !appendPlainJSONString(value) { appendEscapedJSONString(String(decoding: value, as: UTF8.self)) }
        case .text: appendTextValue(String(decoding: value, as: UTF8.self))
        }
    }

    private mutating func finish() {
        if format == .json { append("}") }
        append("\n")
    }

    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if hasSpilled { return spilled.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(rebasing: scratch[..<used]))
    }

    // MARK: - Bytes

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count > 0 else { return }
        if _fastPath(!hasSpilled && used &+ count <= scratch.count) {
            Self.copy(bytes.baseAddress.unsafelyUnwrapped, count: count, to: scratch.baseAddress.unsafelyUnwrapped + used)
            used &+= count
            return
        }
        appendSpilling(bytes)
    }

    /// Copies `count` bytes (at least one). Pieces are short (keys, ids,
    /// numbers), where a call to `memcpy` costs more than the copy: from
    /// eight bytes on, a word at a time and a last word that may overlap
    /// the one before (~1 instruction a byte); below, a byte at a time
    /// (~4 a byte).
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
        guard count >= 8 else {
            for index in 0..<count { target[index] = source[index] }
            return
        }
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        var offset = 0
        while offset &+ 8 < count {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        let last = count &- 8
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: last, as: UInt64.self), toByteOffset: last, as: UInt64.self)
    }

    @inline(never)
    private mutating func appendSpilling(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !hasSpilled { spill() }
        spilled.append(contentsOf: bytes)
    }

    @inline(__always)
    private mutating func append(byte: UInt8) {
        if _fastPath(!hasSpilled && used < scratch.count) {
            scratch[used] = byte
            used &+= 1
            return
        }
        withUnsafePointer(to: byte) { appendSpilling(UnsafeBufferPointer(start: $0, count: 1)) }
    }

    /// Moves what `scratch` holds to `spilled`, where the rest of the line goes.
    private mutating func spill() {
        spilled.reserveCapacity(Swift.max(2 * used, Self.scratchBytes))
        spilled.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<used]))
        hasSpilled = true
    }

    /// `,"key":` or ` key=`: written in one piece while it fits, where
    /// three appends cost ~150 instructions per field; the punctuation is
    /// stored byte by byte, and the key read once (each read of a
    /// `StaticString`'s pointer or length checks its representation).
    @inline(__always)
    private mutating func appendKey(_ key: StaticString) {
        let keyStart = key.utf8Start
        let keyCount = key.utf8CodeUnitCount
        let isJSON = format == .json
        let length = keyCount &+ (isJSON ? 4 : 2)
        guard _fastPath(!hasSpilled && used &+ length <= scratch.count) else {
            append(isJSON ? ",\"" : " ")
            append(key)
            append(isJSON ? "\":" : "=")
            return
        }
        var target = scratch.baseAddress.unsafelyUnwrapped + used
        if isJSON {
            target[0] = UInt8(ascii: ",")
            target[1] = UInt8(ascii: "\"")
            target += 2
        } else {
            target[0] = UInt8(ascii: " ")
            target += 1
        }
        if keyCount > 0 { Self.copy(keyStart, count: keyCount, to: target) }
        target += keyCount
        if isJSON {
            target[0] = UInt8(ascii: "\"")
            target[1] = UInt8(ascii: ":")
        } else {
            target[0] = UInt8(ascii: "=")
        }
        used &+= length
    }

    /// The literal parts of a line (keys, punctuation) as static bytes:
    /// appending a `String`'s `UTF8View` went through a generic copy that
    /// cost ~250 instructions per piece, ~14 pieces per request line.
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    private static func spelling(of level: LogLevel) -> StaticString {
        switch level {
        case .debug: "debug"
        case .info: "info"
        case .warn: "warn"
        case .error: "error"
        }
    }

    /// Quoted and escaped by the same writer as every JSON response; a
    /// value with nothing that writer would escape (printable ASCII but
    /// `"` `\` `<` `>` `&`, every request line's) is copied between quotes.
    @inline(__always)
    private mutating func appendJSONString(_ value: String) {
        // Scanned as contiguous bytes: `String.UTF8View`'s iterator cost ~60
        // instructions a byte. Read in place, not through `withUTF8` on a
        // copy (a retain and a release per value); every native string is
        // contiguous, and a bridged one goes to the writer below.
        let plain = value.utf8.withContiguousStorageIfAvailable { appendPlainJSONString($0) }
        guard plain != true else { return }
        appendEscapedJSONString(value)
    }

    /// Appends `utf8` between quotes when it has nothing the JSON writer
    /// would escape (printable ASCII but `"` `\` `<` `>` `&`, every request
    /// line's); false, with nothing appended, otherwise.
    @inline(__always)
    private mutating func appendPlainJSONString(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // Checked and copied in one pass while the line fits: `used`
        // moves only once every byte was plain.
        let count = utf8.count
        if _fastPath(!hasSpilled && used &+ count &+ 2 <= scratch.count) {
            let target = scratch.baseAddress.unsafelyUnwrapped + used
            var index = 0
            // Eight bytes at a time while they last (~2 instructions a
            // byte, against ~8 for the loop below).
            if let source = utf8.baseAddress {
                while index &+ 8 <= count {
                    let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                    guard Self.isPlainJSONStringWord(word) else { return false }
                    UnsafeMutableRawPointer(target + 1 + index).storeBytes(of: word, as: UInt64.self)
                    index &+= 8
                }
            }
            while index < count {
                let byte = utf8[index]
                guard Self.isPlainJSONStringByte(byte) else { return false }
                target[index &+ 1] = byte
                index &+= 1
            }
            target[0] = UInt8(ascii: "\"")
            target[count &+ 1] = UInt8(ascii: "\"")
            used &+= count &+ 2
            return true
        }
        guard utf8.allSatisfy(Self.isPlainJSONStringByte) else { return false }
        append(byte: UInt8(ascii: "\""))
        append(utf8)
        append(byte: UInt8(ascii: "\""))
        return true
    }

    /// Quoted and escaped by the same writer as every JSON response.
    private mutating func appendEscapedJSONString(_ value: String) {
        var writer = JSONWriter(capacity: value.utf8.count + 8)
        writer.writeString(value)
        writer.withBytes { append($0) }
    }

    /// ``isPlainJSONStringByte(_:)`` of all eight bytes of `word` at once.
    @inline(__always)
    static func isPlainJSONStringWord(_ word: UInt64) -> Bool {
        guard !ByteWord.hasNonASCIIByte(in: word), !ByteWord.hasByte(below: 0x20, in: word) else { return false }
        return
            !(ByteWord.hasByte(0x7F, in: word) || ByteWord.hasByte(UInt8(ascii: "\""), in: word)
            || ByteWord.hasByte(UInt8(ascii: "\\"), in: word) || ByteWord.hasByte(UInt8(ascii: "<"), in: word)
            || ByteWord.hasByte(UInt8(ascii: ">"), in: word) || ByteWord.hasByte(UInt8(ascii: "&"), in: word))
    }

    /// Printable ASCII but `"` `\` `<` `>` `&`: one bit test per byte.
    @inline(__always)
    private static func isPlainJSONStringByte(_ byte: UInt8) -> Bool {
        if byte < 0x40 { return plainBelow0x40 >> byte & 1 != 0 }
        return byte < 0x80 && plainFrom0x40 >> (byte & 0x3F) & 1 != 0
    }

    /// Bit n set when byte n is plain: 0x20-0x3F but `"` `&` `<` `>`.
    private static let plainBelow0x40: UInt64 = 0xFFFF_FFFF_0000_0000 & ~(1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E)
    /// Bit n set when byte 0x40 + n is plain: 0x40-0x7E but `\`.
    private static let plainFrom0x40: UInt64 = 0x7FFF_FFFF_FFFF_FFFF & ~(1 << (0x5C - 0x40))

    /// Bare when the value is a plain token, quoted otherwise; control bytes become `?`.
    private mutating func appendTextValue(_ value: String) {
        var value = value
        let plain = value.withUTF8 { utf8 in
            guard !utf8.isEmpty, utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") })
            else { return false }
            append(utf8)
            return true
        }
        guard !plain else { return }
        append(byte: UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0..<0x20, 0x7F: append(byte: UInt8(ascii: "?"))
            default: append(byte: byte)
            }
        }
        append(byte: UInt8(ascii: "\""))
    }

    /// The spelled time, stored in three words while the line fits.
    private mutating func appendTimestamp(_ time: LogTimestamp) {
        guard _fastPath(!hasSpilled && used &+ LogTimestamp.byteCount <= scratch.count) else {
            return time.withBytes { append($0) }
        }
        time.store(to: UnsafeMutableRawPointer(scratch.baseAddress.unsafelyUnwrapped + used))
        used &+= LogTimestamp.byteCount
    }

    /// `value` in decimal, written in place while the line fits
    /// (`JSONWriter.writeInt` cost ~800 instructions for a status code, and
    /// spelling it in a temporary buffer first ~150).
    @inline(__always)
    private mutating func appendDecimal(_ value: Int) {
        let length = Self.decimalLength(of: value)
        guard _fastPath(!hasSpilled && used &+ length <= scratch.count) else {
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
                Self.writeDecimal(value, length: length, to: buffer.baseAddress.unsafelyUnwrapped)
                append(UnsafeBufferPointer(buffer))
            }
        }
        Self.writeDecimal(value, length: length, to: scratch.baseAddress.unsafelyUnwrapped + used)
        used &+= length
    }

    /// The bytes of `value` in decimal, its sign included.
    @inline(__always)
    private static func decimalLength(of value: Int) -> Int {
        (value < 0 ? 1 : 0) &+ DecimalDigits.count(of: UInt64(value.magnitude))
    }

    /// Writes the `length` bytes of `value` in decimal at `start`.
    @inline(__always)
    private static func writeDecimal(_ value: Int, length: Int, to start: UnsafeMutablePointer<UInt8>) {
        let sign = value < 0 ? 1 : 0
        if sign == 1 { start[0] = UInt8(ascii: "-") }
        DecimalDigits.write(UInt64(value.magnitude), to: start + sign)
    }
}
