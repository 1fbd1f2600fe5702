import Platform

/// Checks a request's head, byte by byte, for what libmicrohttpd 0.9.75
/// accepts and HTTP/1.1 does not: bare LF line ends, folded header lines,
/// names that are not tokens (`Content-Length : 5`), control characters in
/// header values, and a NUL in the request target.
///
/// libmicrohttpd parses the head in place, in its read buffer, and keeps
/// it there until the request ends. By the first access-handler call the
/// head, `MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE` bytes from the method,
/// reads (`·` is a NUL byte libmicrohttpd wrote):
///
///     METHOD·TARGET·VERSION··NAME· VALUE··NAME·VALUE····
///
/// Every CRLF became `··`, the colon ending each name `·`; the target is
/// rewritten (decoded, split at `?`) and is not read here. A bare LF became
/// a single `·`, found where a `··` must be. A folded line makes
/// libmicrohttpd copy the line it continues elsewhere and zero it, leaving
/// a line that starts with `·`; a NUL the client sent shows up as a line
/// end where none can be, and in the target as a version that does not
/// start right after it.
///
/// Only the layout above is accepted: if a libmicrohttpd release laid the
/// head out another way, every request would be refused (and the HTTP
/// layer's tests would say so) rather than let through unchecked.
enum RequestHeadLayout {
    /// The first violation in the head that starts at `method` and spans
    /// `size` bytes, given libmicrohttpd's `version` pointer and the
    /// address just past the target as the URI callback saw it (the raw
    /// target up to its first NUL).
    static func violation(
        method: UnsafePointer<CChar>, size: Int, version: UnsafePointer<CChar>, targetEndAddress: Int
    ) -> HTTPSyntaxViolation? {
        let start = UnsafeRawPointer(method).assumingMemoryBound(to: UInt8.self)
        let versionStart = UnsafeRawPointer(version).assumingMemoryBound(to: UInt8.self)
        guard size > 0, versionStart > start, versionStart < start + size else { return .malformedLine }
        // The target ended at its first NUL: a NUL the client sent in it
        // leaves the version further on than just past that end.
        guard Int(bitPattern: versionStart) == targetEndAddress + 1 else { return .invalidCharacterInTarget }
        let afterVersion = UnsafeBufferPointer(start: versionStart, count: start + size - versionStart)
        guard let versionEnd = afterVersion.firstIndex(of: 0) else { return .malformedLine }
        return violation(afterRequestLine: UnsafeBufferPointer(rebasing: afterVersion[versionEnd...]))
    }

    /// The check of everything after the version: the request line's end,
    /// the header lines and the empty line. Separate so that tests can feed
    /// it bytes laid out as libmicrohttpd leaves them.
    static func violation(afterRequestLine bytes: UnsafeBufferPointer<UInt8>) -> HTTPSyntaxViolation? {
        var index = 0
        let count = bytes.count
        /// Steps over a line end libmicrohttpd left as two NULs.
        func skipLineEnd() -> Bool {
            guard index + 1 < count, bytes[index] == 0, bytes[index + 1] == 0 else { return false }
            index += 2
            return true
        }
        guard skipLineEnd() else { return .malformedLine }
        // The head ends in two NULs: every scan below for a byte that is
        // not a token, or a NUL, stops before it runs out, so the name's
        // loop tests one bit a byte and no bound.
        guard count >= 2, bytes[count - 2] == 0, bytes[count - 1] == 0 else { return .malformedLine }
        while index != count - 2 || bytes[index] != 0 || bytes[index + 1] != 0 {
            guard index < count else { return .malformedLine }
            // A continuation line (space or tab first), or an empty name.
            let first = bytes[index]
            if first == 0 || first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { return .malformedLine }
            // Eight bytes at a time while they are letters and hyphens.
            if let base = bytes.baseAddress {
                while index + 8 <= count,
                    ByteWord.isLettersAndHyphens(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                {
                    index += 8
                }
            }
            while ByteClass.isToken(bytes[index]) { index += 1 }
            guard bytes[index] == 0 else { return .invalidHeaderName }
            index += 1  // the colon
            // Eight bytes at a time while none ends the value (NUL) or may
            // be refused; the loop below reads the rest one by one.
            if let base = bytes.baseAddress {
                while index + 8 <= count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if ByteWord.hasByte(below: 0x20, in: word) || ByteWord.hasByte(0x7F, in: word) { break }
                    index += 8
                }
            }
            while index < count && bytes[index] != 0 {
                guard ByteClass.isFieldValue(bytes[index]) else { return .controlCharacterInHeaderValue }
                index += 1
            }
            guard skipLineEnd() else { return .malformedLine }
        }
        return nil
    }

    /// The classes of bytes HTTP/1.1 names (RFC 9110, section 5.6.2 and 5.5).
    enum ByteClass {
        /// `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``; one bit test
        /// per byte (a `switch` over the ranges cost ~6 instructions a byte).
        @inline(__always)
        static func isToken(_ byte: UInt8) -> Bool {
            // One of the two words by bit 6, without a branch; none from 0x80.
            let bits = byte & 0x40 == 0 ? tokenBelow0x40 : tokenFrom0x40
            return byte < 0x80 && bits >> (byte & 0x3F) & 1 != 0
        }

        /// Bit n set when byte n is a `tchar`: `!#$%&'*+-.` and the digits.
        private static let tokenBelow0x40: UInt64 = 0x03FF_6CFA_0000_0000
        /// Bit n set when byte 0x40 + n is a `tchar`: the letters and ``^_`|~``.
        private static let tokenFrom0x40: UInt64 = 0x57FF_FFFF_C7FF_FFFE

        /// A byte of a field value: visible ASCII, space, tab or any byte
        /// from 0x80 (`obs-text`); no other control character, no DEL.
        static func isFieldValue(_ byte: UInt8) -> Bool {
            byte >= 0x20 ? byte != 0x7F : byte == UInt8(ascii: "\t")
        }

        /// A byte a request target cannot hold: a space (which libmicrohttpd
        /// lets through, reading the version from the line's end), another
        /// control character or DEL.
        @inline(__always)
        static func isInvalidInTarget(_ byte: UInt8) -> Bool {
            byte <= 0x20 || byte == 0x7F
        }

        /// Whether some byte of `target` ``isInvalidInTarget(_:)``: eight
        /// bytes at a time, then the rest one by one (~1 instruction a byte
        /// of a path, where a test per byte cost ~4).
        static func hasInvalidByteInTarget(_ target: UnsafeBufferPointer<UInt8>) -> Bool {
            var index = 0
            if let base = target.baseAddress {
                while index &+ 8 <= target.count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if ByteWord.hasByte(below: 0x21, in: word) || ByteWord.hasByte(0x7F, in: word) { return true }
                    index &+= 8
                }
            }
            while index < target.count {
                if isInvalidInTarget(target[index]) { return true }
                index &+= 1
            }
            return false
        }
    }
}
