import TestSupport
import Testing

@testable import JSON

/// ``SharedBytes``: the text a writer hands over with its buffer
/// (``JSONWriter/finishShared()``), or a copy of any bytes.
@Suite("Shared bytes", .timeLimit(.minutes(10)), .hangGuard)
struct SharedBytesTests {
    private func written(_ text: String, capacity: Int) -> SharedBytes {
        var writer = JSONWriter(capacity: capacity)
        writer.writeString(text)
        return writer.finishShared()
    }

    /// The text is what ``JSONWriter/bytes`` would have been, whatever the
    /// room the writer started with, grew to, or left.
    @Test(arguments: [0, 16, 100, 10_000])
    func theTextIsWhatWasWritten(capacity: Int) {
        let text = String(repeating: "a string <&> \u{2028} ", count: 20)
        var writer = JSONWriter(capacity: capacity)
        writer.writeString(text)
        let expected = writer.bytes
        let shared = written(text, capacity: capacity)
        #expect(shared.array == expected)
        #expect(shared.count == expected.count)
        #expect(shared.withUnsafeBytes { Array($0) } == expected)
    }

    /// Room the text leaves unused is kept when it is little (no copy),
    /// given back when it is more than 512 bytes and a quarter of the text.
    @Test func muchUnusedRoomIsGivenBackAndLittleIsKept() {
        let text = String(repeating: "x", count: 1_000)
        let kept = written(text, capacity: 1_300)
        #expect(kept.count == 1_002)
        #expect(kept.capacity == 1_300)
        let shrunk = written(text, capacity: 100_000)
        #expect(shrunk.count == 1_002)
        #expect(shrunk.capacity == 1_002)
        #expect(shrunk.array == kept.array)
    }

    /// Nothing written is no bytes.
    @Test func nothingWrittenIsEmpty() {
        let shared = JSONWriter(capacity: 4_096).finishShared()
        #expect(shared.count == 0)
        #expect(shared.array.isEmpty)
    }

    /// Bytes from an array are a copy of it.
    @Test func bytesFromAnArrayAreACopy() {
        let bytes = Array("{\"id\":\"s1\"}".utf8)
        let shared = SharedBytes(bytes)
        #expect(shared.array == bytes)
        #expect(shared.capacity == bytes.count)
        #expect(SharedBytes([]).array.isEmpty)
        #expect(SharedBytes([]).baseAddress == nil)
    }

    /// A range of the bytes is written as it is.
    @Test func aRangeIsWrittenAsItIs() {
        let shared = SharedBytes(Array("[1,2,3]".utf8))
        var writer = JSONWriter()
        writer.writeRaw(shared, in: 1..<4)
        writer.writeRaw(shared, in: 0..<0)
        #expect(writer.bytes == Array("1,2".utf8))
    }
}
