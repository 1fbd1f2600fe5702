import TestSupport
import Testing

@testable import Coordination

/// A `string` field of an event payload is at most 4 KiB of UTF-8 unless the
/// flow declares its own limit (`.string(maxBytes:)`) or the server sets
/// another default; longer is `invalidPayload` and nothing changes.
@Suite("String field limits", .timeLimit(.minutes(10)), .hangGuard)
struct StringFieldLimitTests {
    private func tooLong(_ field: String, limit: Int, length: Int) -> FieldProblem {
        FieldProblem(field: field, message: "must be at most \(limit) UTF-8 bytes long, not \(length)")
    }

    @Test func theDefaultIsFourKibibytes() throws {
        #expect(SessionLimits.default.maxStringFieldBytes == 4096)
        let session = try Session.ledger()
        try session.tap("note", ["text": .string(String(repeating: "x", count: 4096))])
        let error = expectRefused(.invalidPayload, session, tapping: "note", ["text": .string(String(repeating: "x", count: 4097))])
        #expect(error?.fieldProblems == [tooLong("text", limit: 4096, length: 4097)])
        #expect(error?.detail == "the payload of 'note' does not match its fields: 'text' must be at most 4096 UTF-8 bytes long, not 4097")
        #expect(session.version == 2)
    }

    @Test func theLimitCountsUTF8BytesNotCharacters() throws {
        let session = try Session.ledger()
        try session.tap("note", ["text": .string(String(repeating: "é", count: 2048))])
        let error = expectRefused(.invalidPayload, session, tapping: "note", ["text": .string(String(repeating: "é", count: 2049))])
        #expect(error?.fieldProblems == [tooLong("text", limit: 4096, length: 4098)])
    }

    @Test func aFlowCanRaiseTheLimitOfOneField() throws {
        let session = try Session.ledger()
        try session.tap("long", ["text": .string(String(repeating: "x", count: 10_000))])
        let error = expectRefused(.invalidPayload, session, tapping: "long", ["text": .string(String(repeating: "x", count: 10_001))])
        #expect(error?.fieldProblems == [tooLong("text", limit: 10_000, length: 10_001)])
        // The other fields keep the default.
        expectRefused(.invalidPayload, session, tapping: "note", ["text": .string(String(repeating: "x", count: 4097))])
    }

    @Test func aFlowCanLowerTheLimitOfOneField() throws {
        let session = try Session.ledger()
        try session.tap("short", ["text": "12345678"])
        let error = expectRefused(.invalidPayload, session, tapping: "short", ["text": "123456789"])
        #expect(error?.fieldProblems == [tooLong("text", limit: 8, length: 9)])
    }

    @Test func theServerSetsTheDefaultAndFieldsWithTheirOwnLimitKeepIt() throws {
        var limits = SessionLimits()
        limits.maxStringFieldBytes = 16
        let session = try Session.ledger(limits: limits)
        try session.tap("note", ["text": .string(String(repeating: "x", count: 16))])
        let error = expectRefused(.invalidPayload, session, tapping: "note", ["text": .string(String(repeating: "x", count: 17))])
        #expect(error?.fieldProblems == [tooLong("text", limit: 16, length: 17)])
        try session.tap("long", ["text": .string(String(repeating: "x", count: 5000))])
        expectRefused(.invalidPayload, session, tapping: "short", ["text": "123456789"])
    }

    @Test func tooLongIsReportedWithTheOtherProblemsInFieldOrder() throws {
        let session = try Session.ledger()
        let error = expectRefused(
            .invalidPayload, session, tapping: "note",
            ["text": .string(String(repeating: "x", count: 5000)), "extra": 1])
        #expect(
            error?.fieldProblems == [
                tooLong("text", limit: 4096, length: 5000),
                FieldProblem(field: "extra", message: "is not a field of event 'note'"),
            ])
    }

    @Test func stringsNestedInAnObjectFieldHaveNoFieldLimit() throws {
        let session = try Session.ledger()
        try session.tap("attach", ["data": ["text": .string(String(repeating: "x", count: 5000))]])
        #expect(session.version == 2)
    }

    @Test func theDeclarationKeepsItsTypesAndItsOwnLimits() throws {
        let session = try Session.ledger()
        let screen = try #require(session.stack.top?.screen)
        let long = try #require(screen.declaration(named: "long"))
        #expect(long.fields.map(\.type) == [.string])
        #expect(long.maxStringBytes == ["text": 10_000])
        #expect(screen.declaration(named: "note")?.maxStringBytes == [:])
        // Clients see a string field; its limit is not theirs to know.
        #expect(session.documentText.contains(#"{"name":"long","label":"Long","fields":{"text":{"type":"string","label":"Text"}}}"#))
    }

    @Test func aNegativeLimitAcceptsOnlyTheEmptyString() {
        #expect(EventField.string(maxBytes: -1) == .string(maxBytes: 0))
        #expect(EventField.string.maxBytes == nil)
        #expect(EventField(.number) == .number)
    }
}
