import HTTPCore
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPHeadersTests {
    @Test func lookupIgnoresASCIICase() {
        let headers: HTTPHeaders = ["Content-Type": "text/plain"]
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers["Content-Typ"] == nil)
        #expect(headers["Content-Types"] == nil)
    }

    /// Names past 15 bytes are stored apart from the string (not inline):
    /// the same spelling, another case, or another name of the same length.
    @Test func lookupOfLongNamesIgnoresASCIICaseOnly() {
        let headers: HTTPHeaders = ["Access-Control-Request-Method": "POST", "X-A-Long-Header-Name-Of-30-B": "x"]
        #expect(headers["Access-Control-Request-Method"] == "POST")
        #expect(headers["access-control-request-method"] == "POST")
        #expect(headers["ACCESS-CONTROL-REQUEST-METHOD"] == "POST")
        #expect(headers["Access-Control-Request-Metho_"] == nil)
        #expect(headers["X-A-Long-Header-Name-Of-30-b"] == "x")
        #expect(headers["X-A-Long-Header-Name-Of-30-C"] == nil)
    }

    @Test func keepsOrderAndDuplicates() {
        var headers = HTTPHeaders([("A", "1"), ("B", "2")])
        headers.add("a", "3")
        #expect(headers.map(\.name) == ["A", "B", "a"])
        #expect(headers["A"] == "1")
        #expect(headers.values(for: "a") == ["1", "3"])
        #expect(headers.count == 3)
    }

    @Test func replaceOrAddKeepsFirstPositionAndDropsDuplicates() {
        var headers = HTTPHeaders([("A", "1"), ("B", "2"), ("a", "3")])
        headers.replaceOrAdd("A", "9")
        #expect(headers.map(\.name) == ["A", "B"])
        #expect(headers["a"] == "9")
        headers.replaceOrAdd("C", "4")
        #expect(headers.map(\.value) == ["9", "2", "4"])
    }

    @Test func replaceOrAddTakesAValueAsBytes() {
        var headers = HTTPHeaders([("X-Request-ID", "1"), ("B", "2"), ("x-request-id", "3")])
        Array("r-9".utf8).withUnsafeBufferPointer { headers.replaceOrAdd("X-Request-Id", utf8: $0) }
        #expect(headers.map { "\($0.name)=\($0.value)" } == ["X-Request-ID=r-9", "B=2"])
        Array("v".utf8).withUnsafeBufferPointer { headers.replaceOrAdd("C", utf8: $0) }
        #expect(headers.map(\.value) == ["r-9", "2", "v"])
        Array("w".utf8).withUnsafeBufferPointer { headers.add(named: "c", utf8: $0) }
        #expect(headers.values(for: "C") == ["v", "w"])
    }

    /// A name spelled in the code reads and adds what the same name as a
    /// `String` does: case-insensitively, the first of duplicates, in order.
    @Test func aNameSpelledInTheCodeIsTheSameName() {
        var headers = HTTPHeaders([("if-none-match", "\"3\""), ("B", "2"), ("If-None-Match", "\"4\"")])
        #expect(headers.firstValue(named: "If-None-Match") == headers["If-None-Match"])
        #expect(headers.firstValue(named: "If-None-Match") == "\"3\"")
        #expect(headers.firstValue(named: "IF-NONE-MATCH") == "\"3\"")
        #expect(headers.firstValue(named: "If-None-Matc") == nil)
        #expect(headers.firstValue(named: "If-None-Match") { $0.count == 3 } == true)
        #expect(headers.firstValue(named: "If-None-Match") { $0.first == UInt8(ascii: "x") } == false)
        #expect(headers.firstValue(named: "X-Absent") { _ in true } == nil)
        Array("r-9".utf8).withUnsafeBufferPointer { headers.add(named: "X-Request-ID", utf8: $0) }
        #expect(headers.map { "\($0.name)=\($0.value)" } == ["if-none-match=\"3\"", "B=2", "If-None-Match=\"4\"", "X-Request-ID=r-9"])
        #expect(headers["x-request-id"] == "r-9")
    }

    @Test func removeDeletesEveryMatchingField() {
        var headers = HTTPHeaders([("A", "1"), ("B", "2"), ("a", "3")])
        headers.remove("A")
        #expect(headers.map(\.name) == ["B"])
        #expect(!headers.contains("a"))
    }
}
