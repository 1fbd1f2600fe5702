import TestSupport
import Testing

@testable import JSON

/// The writer's own buffer: it grows without losing or reordering a byte,
/// whatever the piece that outgrows it, and hands out exactly what was
/// written.
@Suite("JSONWriter's buffer", .timeLimit(.minutes(10)), .hangGuard)
struct JSONWriterBufferTests {
    /// Every kind of piece, written into a buffer far too small for it:
    /// each outgrows it at least once, at a different offset.
    @Test(arguments: [0, 1, 15, 16, 17, 100])
    func piecesThatOutgrowTheBufferAreWrittenWhole(capacity: Int) {
        let value: JSONValue = [
            "name": "a string long enough to outgrow sixteen bytes <&> \u{2028}", "count": -1_234_567_890_123,
            "rate": 1380.125, "flags": [true, false, nil], "nested": ["deeper": ["x": 1]],
        ]
        var writer = JSONWriter(capacity: capacity)
        writer.writeObject { object in
            object.member("value", value)
            object.member("id", "s1")
            object.member("version", 42)
            object.member(named: "key \u{1F600}") { $0.writeRaw([UInt8]("[1,2]".utf8)) }
        }
        let expected = #"{"value":"# + value.jsonString + #","id":"s1","version":42,"key 😀":[1,2]}"#
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        #expect(writer.count == expected.utf8.count)
    }

    /// A copy of earlier bytes that makes the buffer grow reads them from
    /// where they were, not from memory the growth freed.
    @Test func aCopyThatOutgrowsTheBufferCopiesWhatWasWritten() {
        var writer = JSONWriter(capacity: 16)
        writer.writeString("0123456789abcdef")
        let first = 0..<writer.count
        writer.writeRaw(",")
        writer.writeCopy(of: first)
        writer.writeRaw(",")
        writer.writeCopy(of: 0..<writer.count)
        let one = #""0123456789abcdef""#
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "\(one),\(one),\(one),\(one),")
    }

    /// `bytes` is a copy of what was written: writing on does not change
    /// an earlier copy, and the copy holds no room the writer reserved.
    @Test func bytesIsACopyOfExactlyWhatWasWritten() {
        var writer = JSONWriter(capacity: 4096)
        writer.writeRaw("[1")
        let early = writer.bytes
        writer.writeRaw(",2]")
        #expect(early == [UInt8]("[1".utf8))
        #expect(writer.bytes == [UInt8]("[1,2]".utf8))
        #expect(early.capacity < 4096)
        writer.withBytes { #expect(Array($0) == [UInt8]("[1,2]".utf8)) }
    }

    @Test func removeAllStartsOverAndTheLastByteFollows() {
        var writer = JSONWriter(capacity: 2)
        #expect(writer.lastByte == nil)
        writer.writeRaw("{\"a\":1")
        #expect(writer.lastByte == UInt8(ascii: "1"))
        writer.removeAll()
        #expect(writer.count == 0)
        #expect(writer.lastByte == nil)
        // The next member is an object's first again: no comma before it.
        writer.writeObject { $0.member("b", 2) }
        #expect(writer.bytes == [UInt8](#"{"b":2}"#.utf8))
    }

    /// The contents of a string without its quotes, escaped as a whole
    /// string is, plain or not.
    @Test(arguments: ["plain", "", "<a href=\"x\">\n", "tab\there \u{2029} end"])
    func stringContentsAreTheStringWithoutItsQuotes(text: String) {
        var whole = JSONWriter()
        whole.writeString(text)
        var contents = JSONWriter(capacity: 1)
        contents.writeStringContents(text)
        #expect(contents.bytes == Array(whole.bytes.dropFirst().dropLast()))
    }

    /// Integers of every length, negative ones and the extremes, written
    /// in place.
    @Test func integersOfEveryLengthAreWrittenInPlace() {
        var values = [0, -1, Int.max, Int.min]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, -power]
        }
        for value in values {
            var writer = JSONWriter(capacity: 1)
            writer.writeInt(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }
}
