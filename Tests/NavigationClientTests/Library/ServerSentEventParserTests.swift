import NavigationClient
import TestSupport
import Testing

@Suite("Server-Sent Events parser", .timeLimit(.minutes(10)), .hangGuard)
struct ServerSentEventParserTests {
    private func parse(_ chunks: [String], parser: inout ServerSentEventParser) throws -> [ServerSentEvent] {
        try chunks.flatMap { try parser.feed(Array($0.utf8)) }
    }

    private func parse(_ chunks: String...) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return try parse(chunks, parser: &parser)
    }

    private static let stream =
        "id: 1\nevent: session\ndata: {\"version\":1}\n\n: keep-alive\n\nid: 2\nevent: session\ndata: {\"version\":2}\n\n"

    @Test func readsTheServersMessages() throws {
        let events = try parse(Self.stream)
        #expect(
            events == [
                ServerSentEvent(event: "session", data: #"{"version":1}"#, lastEventID: "1"),
                ServerSentEvent(event: "session", data: #"{"version":2}"#, lastEventID: "2"),
            ])
    }

    @Test func everySplitIntoTwoChunksGivesTheSameMessages() throws {
        let whole = try parse(Self.stream)
        let bytes = Array(Self.stream.utf8)
        for cut in 0...bytes.count {
            var parser = ServerSentEventParser()
            let events = try parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...])
            #expect(events == whole, "cut at \(cut)")
            #expect(parser.lastEventID == "2")
        }
    }

    @Test func byteByByteGivesTheSameMessages() throws {
        var parser = ServerSentEventParser()
        let events = try Array(Self.stream.utf8).flatMap { try parser.feed([$0]) }
        #expect(events == (try parse(Self.stream)))
    }

    @Test func aMultiByteCharacterSplitBetweenChunksSurvives() throws {
        let bytes = Array("data: é😀\n\n".utf8)
        var parser = ServerSentEventParser()
        let events = try parser.feed(bytes[..<8]) + parser.feed(bytes[8...])
        #expect(events.map(\.data) == ["é😀"])
    }

    @Test func lineEndingsMayBeCRLFOrCROrLF() throws {
        #expect(try parse("data: a\r\n\r\ndata: b\r\rdata: c\n\n").map(\.data) == ["a", "b", "c"])
    }

    @Test func aCRLFSplitBetweenChunksIsOneLineEnding() throws {
        // Were the LF taken as a second line ending, it would end the message early and `data: b` would be lost.
        #expect(try parse("data: a\r", "\ndata: b\r\n", "\r\n").map(\.data) == ["a\nb"])
        #expect(try parse("data: a\r", "\n", "\r", "\n").map(\.data) == ["a"])
    }

    @Test func dataLinesJoinWithNewlines() throws {
        let events = try parse("data: first\ndata:second\ndata\ndata:  two spaces\n\n")
        #expect(events.map(\.data) == ["first\nsecond\n\n two spaces"])
        #expect(events.first?.event == "message")
    }

    @Test func commentsAndUnknownFieldsAreIgnored() throws {
        let events = try parse(": hello\nfoo: bar\n:\ndata: x\n: between\n\n")
        #expect(events.map(\.data) == ["x"])
    }

    @Test func aBlankLineWithoutDataSendsNothingButKeepsTheID() throws {
        var parser = ServerSentEventParser()
        let events = try parse(["event: session\nid: 7\n\n", "data: later\n\n"], parser: &parser)
        // The event type is reset; the id carries over.
        #expect(events == [ServerSentEvent(event: "message", data: "later", lastEventID: "7")])
    }

    @Test func theIDCarriesOverAndAnEmptyOneResetsIt() throws {
        let events = try parse("id: 3\ndata: a\n\ndata: b\n\nid\ndata: c\n\n")
        #expect(events.map(\.lastEventID) == ["3", "3", ""])
    }

    @Test func anIDWithNULIsIgnored() throws {
        let events = try parse("id: 4\ndata: a\n\nid: 5\u{0}x\ndata: b\n\n")
        #expect(events.map(\.lastEventID) == ["4", "4"])
    }

    @Test func anUnfinishedMessageIsNotSentNorItsIDTaken() throws {
        var parser = ServerSentEventParser(lastEventID: "2")
        let events = try parse(["id: 3\ndata: half"], parser: &parser)
        #expect(events.isEmpty)
        #expect(parser.lastEventID == "2")
    }

    @Test func retrySetsTheReconnectionDelayWhenItIsDigits() throws {
        var parser = ServerSentEventParser()
        _ = try parse(["retry: 2500\n", "retry: soon\n", "retry: -1\n", "retry:\n"], parser: &parser)
        #expect(parser.reconnectionDelay == 2500)
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        #expect(try parse("\u{FEFF}data: x\n\n").map(\.data) == ["x"])
    }

    @Test func aFieldWithoutAColonHasAnEmptyValue() throws {
        #expect(try parse("event\ndata\n\n") == [ServerSentEvent(event: "message", data: "")])
    }

    @Test func aLineLongerThanTheLimitIsRefused() throws {
        var parser = ServerSentEventParser(maximumLineBytes: 16)
        #expect(try parser.feed(Array("data: 0123456789\n\n".utf8)).map(\.data) == ["0123456789"])
        #expect(throws: ServerSentEventParser.LineTooLong(limit: 16)) {
            _ = try parser.feed(Array("data: 01234567890123456789".utf8))
        }
    }
}
