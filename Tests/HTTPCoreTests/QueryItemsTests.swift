import HTTPCore
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(10)), .hangGuard) struct QueryItemsTests {
    private func items(_ query: String) -> [String] {
        HTTPRequest(method: "GET", path: "/", query: query).queryItems().map { "\($0.name)=\($0.value)" }
    }

    @Test func emptyQueryHasNoItems() {
        #expect(items("").isEmpty)
    }

    @Test func splitsPairsInOrder() {
        #expect(items("b=2&a=1&b=3") == ["b=2", "a=1", "b=3"])
    }

    @Test func decodesPercentEscapesAndPlus() {
        #expect(items("q=a+b%20c&name%3D=%E2%9C%93") == ["q=a b c", "name==✓"])
    }

    @Test func keepsMalformedEscapesLiterally() {
        #expect(items("a=%zz&b=%4&c=100%") == ["a=%zz", "b=%4", "c=100%"])
    }

    @Test func invalidUTF8BecomesReplacementCharacter() {
        #expect(items("a=%FF") == ["a=\u{FFFD}"])
    }

    @Test func segmentWithoutEqualsHasEmptyValueAndEmptySegmentsAreSkipped() {
        #expect(items("flag&&x=&=v") == ["flag=", "x=", "=v"])
    }

    @Test func onlyFirstEqualsSplits() {
        #expect(items("expr=a=b") == ["expr=a=b"])
    }
}
