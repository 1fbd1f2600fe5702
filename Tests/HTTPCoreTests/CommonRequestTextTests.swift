import TestSupport
import Testing

@testable import HTTPCore

/// A request's common words become constants, and every other spelling is
/// decoded as before: either way the handler reads the same text.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct CommonRequestTextTests {
    private static let tables: [CommonRequestText.Table] = [
        CommonRequestText.methods, CommonRequestText.headerNames, CommonRequestText.headerValues,
    ]

    private func text(_ bytes: [UInt8], _ table: CommonRequestText.Table) -> String {
        bytes.withUnsafeBufferPointer { CommonRequestText.string($0, knownFrom: table) }
    }

    @Test func commonSpellingsAreTheirConstants() {
        for (word, table) in [
            ("GET", CommonRequestText.methods), ("OPTIONS", CommonRequestText.methods),
            ("Host", CommonRequestText.headerNames), ("Access-Control-Request-Headers", CommonRequestText.headerNames),
            ("application/json", CommonRequestText.headerValues), ("100-continue", CommonRequestText.headerValues),
        ] {
            let bytes = [UInt8](word.utf8)
            #expect(bytes.withUnsafeBufferPointer { table.constant(spelled: $0) } == word)
            #expect(text(bytes, table) == word)
        }
    }

    /// Every word of every table, whatever its length, is found as itself.
    @Test func everyConstantIsFound() {
        for table in Self.tables {
            #expect(table.strings.count >= 7)
            for word in table.strings {
                let bytes = [UInt8](word.utf8)
                #expect(bytes.withUnsafeBufferPointer { table.constant(spelled: $0) } == word)
            }
        }
    }

    /// Other case, a prefix, a longer word, nothing at all, bytes that are
    /// not UTF-8: decoded, invalid sequences repaired, as `String(decoding:)` does.
    @Test(arguments: [
        [UInt8]("content-type".utf8), [UInt8]("Content-Typ".utf8), [UInt8]("Content-Types".utf8),
        [UInt8]("application/json;charset=utf-8".utf8), [UInt8]("get".utf8), [], [0x48, 0x6F, 0xFF, 0x74],
        [0xC3, 0xA9, 0x74, 0xC3], [UInt8](repeating: UInt8(ascii: "a"), count: 200),
    ])
    func otherSpellingsAreDecodedAsSent(bytes: [UInt8]) {
        for table in Self.tables {
            #expect(bytes.withUnsafeBufferPointer { table.constant(spelled: $0) } == nil)
            #expect(text(bytes, table) == String(decoding: bytes, as: UTF8.self))
        }
    }
}
