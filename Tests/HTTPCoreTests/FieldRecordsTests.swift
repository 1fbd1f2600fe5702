import TestSupport
import Testing

@testable import HTTPCore

/// Header fields kept as bytes read back as the fields that were added:
/// any length, any byte, in order, and a request's fields collected on
/// the stack come out whole even when the stack's room runs out.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct FieldRecordsTests {
    @Test func fieldsReadBackAsAddedWhateverTheirBytes() {
        let long = String(repeating: "v", count: 70_000)
        var headers = HTTPHeaders()
        headers.add("Empty", "")
        headers.add("X-Nul", "a\u{0}b")
        headers.add("X-Long", long)
        headers.add("X-Unicode", "é✓")
        headers.add("", "no name")
        #expect(headers.count == 5)
        #expect(headers["empty"] == "")
        #expect(headers["x-nul"] == "a\u{0}b")
        #expect(headers["X-LONG"] == long)
        #expect(headers["X-Unicode"] == "é✓")
        #expect(headers[""] == "no name")
        #expect(headers.map(\.name) == ["Empty", "X-Nul", "X-Long", "X-Unicode", ""])
        #expect(headers.contains("x-long") && !headers.contains("X-Lon"))
    }

    /// A value that is not UTF-8 is kept as sent and read repaired, as
    /// `String(decoding:)` repairs it.
    @Test func invalidUTF8IsRepairedWhenRead() {
        var records = FieldRecords()
        let value: [UInt8] = [0x48, 0x6F, 0xFF, 0x74, 0xC3]
        Array("X-Bytes".utf8).withUnsafeBufferPointer { name in
            value.withUnsafeBufferPointer { records.append(name: name, value: $0) }
        }
        let headers = HTTPHeaders(records: records)
        #expect(headers["X-Bytes"] == String(decoding: value, as: UTF8.self))
        #expect(headers.map(\.value) == [String(decoding: value, as: UTF8.self)])
    }

    /// Each name and value is followed by a NUL in place, so it can go to C
    /// as it is; the NUL is not part of it.
    @Test func namesAndValuesAreCStringsInPlace() {
        let headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Request-ID": "r-1"]
        var seen: [String] = []
        headers.forEachField { name, value in
            #expect(name.baseAddress.unsafelyUnwrapped[name.count] == 0)
            #expect(value.baseAddress.unsafelyUnwrapped[value.count] == 0)
            seen.append(String(decoding: name, as: UTF8.self) + "=" + String(decoding: value, as: UTF8.self))
        }
        #expect(seen == ["Content-Type=text/plain", "X-Request-ID=r-1"])
    }

    /// Fields that outgrow the buffer on the stack move to the heap with
    /// every field before them, in order.
    @Test func collectedFieldsOutgrowingTheStackKeepEveryField() throws {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var collected = CollectedFields(buffer: buffer)
            for (name, value) in [("A", "1"), ("Bb", "22"), ("Content-Type", "application/json"), ("D", "4")] {
                Array(name.utf8).withUnsafeBufferPointer { name in
                    Array(value.utf8).withUnsafeBufferPointer { collected.append(name: name, value: $0) }
                }
            }
            let records = try #require(collected.overflow)
            let headers = HTTPHeaders(records: records)
            #expect(headers.map { "\($0.name)=\($0.value)" } == ["A=1", "Bb=22", "Content-Type=application/json", "D=4"])
            #expect(headers.count == 4)
        }
    }

    @Test func declaredContentLengthReadsDigitsOnly() {
        #expect(HTTPHeaders([("content-length", "42")]).declaredContentLength == 42)
        #expect(HTTPHeaders([("Content-Length", "99999999999999999999999")]).declaredContentLength == Int.max)
        #expect(HTTPHeaders([("Content-Length", "4 2")]).declaredContentLength == nil)
        #expect(HTTPHeaders([("Content-Length", "")]).declaredContentLength == nil)
        #expect(HTTPHeaders().declaredContentLength == nil)
    }
}
