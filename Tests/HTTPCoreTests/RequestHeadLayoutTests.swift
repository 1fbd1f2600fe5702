import TestSupport
import Testing

@testable import HTTPCore

/// The byte check of a head as libmicrohttpd leaves it in its read buffer
/// (every CRLF two NULs, every colon after a name one). The server tests
/// send real heads; these feed the layout directly, cut anywhere, to show
/// that the check never reads past what it is given.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct RequestHeadLayoutTests {
    /// `HTTP/1.1` is already behind: the bytes start at its line end.
    private static let wellFormed: [UInt8] = Array("\0\0Host\0 x\0\0X-A\0\0\0\0\0".utf8)

    private func violation(_ bytes: [UInt8]) -> HTTPSyntaxViolation? {
        bytes.withUnsafeBufferPointer { RequestHeadLayout.violation(afterRequestLine: $0) }
    }

    @Test func aWellFormedLayoutPasses() {
        #expect(violation(Self.wellFormed) == nil)
        #expect(violation(Array("\0\0\0\0".utf8)) == nil)  // no headers at all
    }

    @Test func everyCutOfAWellFormedLayoutIsRefused() {
        for length in 0..<Self.wellFormed.count {
            #expect(violation(Array(Self.wellFormed.prefix(length))) != nil, "cut at \(length)")
        }
    }

    @Test func extraBytesAfterTheEmptyLineAreRefused() {
        #expect(violation(Self.wellFormed + [0]) == .malformedLine)
        #expect(violation(Self.wellFormed + Array("X".utf8)) != nil)
    }

    @Test(arguments: [
        ("\0Host\0 x\0\0\0\0", HTTPSyntaxViolation.malformedLine),  // the request line ended in a bare LF
        ("\0\0Host\0 x\0X\0 y\0\0\0\0", .malformedLine),  // a header line did
        ("\0\0 x\0\0\0\0", .malformedLine),  // a continuation line
        ("\0\0Ho st\0 x\0\0\0\0", .invalidHeaderName),
        ("\0\0Host\0 \u{7}\0\0\0\0", .controlCharacterInHeaderValue),
    ])
    func aBrokenLayoutNamesWhatIsWrong(bytes: String, expected: HTTPSyntaxViolation) {
        #expect(violation(Array(bytes.utf8)) == expected)
    }

    /// A long value is read eight bytes at a time: every byte value, at
    /// every place of a 20-byte value, is refused or passed as the byte
    /// check says, and the value's end is found wherever it falls.
    @Test func everyByteAtEveryPlaceOfALongValueIsJudgedAlike() {
        let plain = Array("abcdefghijklmnopqrst".utf8)
        for byte in UInt8.min...UInt8.max where byte != 0 {
            for place in plain.indices {
                var value = plain
                value[place] = byte
                let head = Array("\0\0X-Long\0".utf8) + value + Array("\0\0\0\0".utf8)
                let expected = RequestHeadLayout.ByteClass.isFieldValue(byte) ? nil : HTTPSyntaxViolation.controlCharacterInHeaderValue
                #expect(violation(head) == expected, "byte \(byte) at \(place)")
            }
        }
        for length in 0...20 {
            let head = Array("\0\0X-Long\0".utf8) + plain.prefix(length) + Array("\0\0Host\0 x\0\0\0\0".utf8)
            #expect(violation(head) == nil, "a value of \(length) bytes")
        }
    }

    /// A target holds a space, another control character or DEL exactly when
    /// one of its bytes is one, wherever it stands: in a whole word the
    /// check reads at once or in the bytes after the last.
    @Test func invalidTargetBytesAreFoundAtEveryPosition() {
        for length in 1...20 {
            for position in 0..<length {
                for byte in UInt8.min...UInt8.max {
                    var target = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    target[position] = byte
                    let found = target.withUnsafeBufferPointer { RequestHeadLayout.ByteClass.hasInvalidByteInTarget($0) }
                    #expect(found == RequestHeadLayout.ByteClass.isInvalidInTarget(byte), "\(byte) at \(position) of \(length)")
                }
            }
        }
        #expect(
            ![UInt8]("/v1/sessions/0123456789abcdef0123456789abcdef/events?x=%20".utf8).withUnsafeBufferPointer {
                RequestHeadLayout.ByteClass.hasInvalidByteInTarget($0)
            })
    }

    /// RFC 9110's `tchar`, spelled out: every byte value is a token byte
    /// exactly when it is one of these.
    @Test func tokenBytesAreExactlyTheRFCs() {
        let tchar = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-.^_`|~".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(RequestHeadLayout.ByteClass.isToken(byte) == tchar.contains(byte), "byte \(byte)")
        }
    }
}
