import Coordination
import FileStore
import Flows
import Sessions
import StoreTestSupport
import TestSupport
import Testing

/// With token auth, a session belongs to the `(iss, sub)` that created it:
/// for anyone else it does not exist, on every use case, across a restart.
@Suite("Session owners", .timeLimit(.minutes(10)), .hangGuard)
struct SessionOwnerTests {
    private let alice = SessionOwner(issuer: "https://id.example", subject: "alice")
    private let bob = SessionOwner(issuer: "https://id.example", subject: "bob")

    private func expectNotFound(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: NavigationError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error?.kind == .sessionNotFound, sourceLocation: sourceLocation)
    }

    @Test func anotherOwnerFindsNoSessionOnEveryUseCase() throws {
        let registry = SessionRegistry(flows: BuiltinFlows.all)
        let created = try registry.create(flow: "exchange", context: nil, by: .owner(alice))
        let id = created.id
        let select = ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"])
        let other = Caller.owner(bob)
        expectNotFound { _ = try registry.document(of: id, by: other) }
        expectNotFound { _ = try registry.send(select, to: id, by: other) }
        expectNotFound { _ = try registry.open(link: "/rates/EUR", in: id, by: other) }
        expectNotFound { _ = try registry.back(from: "s1", in: id, by: other) }
        expectNotFound { _ = try registry.dismiss(from: "s1", in: id, by: other) }
        expectNotFound { _ = try registry.selectTab("t", from: "s1", in: id, by: other) }
        expectNotFound { _ = try registry.history(of: id, by: other) }
        expectNotFound { _ = try registry.events(of: id, since: 0, by: other) }
        expectNotFound { try registry.end(id, by: other) }
        // Nothing of that changed the session; its owner and a service still use it.
        #expect(try registry.document(of: id, by: .owner(alice)).version == 1)
        #expect(try registry.send(select, to: id, by: .owner(alice)).version == 2)
        #expect(try registry.document(of: id, by: .unrestricted).version == 2)
        try registry.end(id, by: .owner(alice))
    }

    @Test func theIssuerIsPartOfTheOwner() throws {
        let registry = SessionRegistry(flows: BuiltinFlows.all)
        let created = try registry.create(flow: "exchange", context: nil, by: .owner(alice))
        let sameSubjectElsewhere = SessionOwner(issuer: "https://other.example", subject: "alice")
        let noIssuer = SessionOwner(issuer: nil, subject: "alice")
        expectNotFound { _ = try registry.document(of: created.id, by: .owner(sameSubjectElsewhere)) }
        expectNotFound { _ = try registry.document(of: created.id, by: .owner(noIssuer)) }
    }

    @Test func ownersCompareBytesNotCanonicalCharacters() {
        #expect(SessionOwner(issuer: nil, subject: "caf\u{E9}") != SessionOwner(issuer: nil, subject: "cafe\u{301}"))
        #expect(SessionOwner(issuer: "i", subject: "s") == SessionOwner(issuer: "i", subject: "s"))
        #expect(SessionOwner(issuer: nil, subject: "s") != SessionOwner(issuer: "", subject: "s"))
    }

    @Test func aSessionWithoutAnOwnerIsNoTokenHolders() throws {
        let registry = SessionRegistry(flows: BuiltinFlows.all)
        let created = try registry.create(flow: "exchange", context: nil)
        expectNotFound { _ = try registry.document(of: created.id, by: .owner(alice)) }
        #expect(try registry.document(of: created.id).version == 1)
    }

    @Test func theOwnerIsJournaledAndHoldsAfterARestart() throws {
        let directory = TemporaryDirectory()
        let id: String
        do {
            let store = try FileStore(directory: directory.path)
            defer { store.close() }
            let registry = SessionRegistry(flows: BuiltinFlows.all, store: store)
            id = try registry.create(flow: "exchange", context: nil, by: .owner(alice)).id
            let records = try store.records(of: id, after: 0)
            guard case .created(let start) = try JournalEntry(records[0]) else {
                Issue.record("the first record is not a created record")
                return
            }
            #expect(start.owner == alice)
            #expect(
                String(decoding: records[0].body, as: UTF8.self).contains(",\"owner\":{\"iss\":\"https://id.example\",\"sub\":\"alice\"}")
            )
        }
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        let restarted = SessionRegistry(flows: BuiltinFlows.all, store: store)
        expectNotFound { _ = try restarted.document(of: id, by: .owner(bob)) }
        #expect(try restarted.document(of: id, by: .owner(alice)).version == 1)
    }

    @Test func aCreatedRecordWithoutAnOwnerReadsAsBefore() throws {
        let body = Array(#"{"flow":"exchange","flowVersion":1,"context":{}}"#.utf8)
        let record = JournalRecord(sessionID: String(repeating: "a", count: 32), version: 1, kind: .created, time: 1, body: body)
        #expect(try JournalEntry(record) == .created(SessionStart(flow: "exchange", flowVersion: 1, context: [:])))
        #expect(JournalEntry.created(SessionStart(flow: "exchange", flowVersion: 1, context: [:])).encodedBody() == body)
        let noSubject = Array(#"{"flow":"exchange","flowVersion":1,"context":{},"owner":{"iss":"x"}}"#.utf8)
        let broken = JournalRecord(sessionID: String(repeating: "a", count: 32), version: 1, kind: .created, time: 1, body: noSubject)
        #expect(throws: JournalEntryError.self) { try JournalEntry(broken) }
    }
}
