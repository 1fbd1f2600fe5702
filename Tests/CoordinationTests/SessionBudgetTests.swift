import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// A session holds at most `maxSessionBytes` of context, accepted events and
/// screen params; an event or a new session past it is refused and nothing
/// changes.
@Suite("Session byte budget", .timeLimit(.minutes(10)), .hangGuard)
struct SessionBudgetTests {
    /// The ledger's empty context and params: `{"owner":""}` and `{"lines":[]}`.
    private let emptyLedger = #"{"owner":""}"#.utf8.count + #"{"lines":[]}"#.utf8.count

    private func limits(maxSessionBytes: Int) -> SessionLimits {
        var limits = SessionLimits()
        limits.maxSessionBytes = maxSessionBytes
        return limits
    }

    /// The refusal `body` throws, if any.
    private func refusal(_ body: () throws(NavigationError) -> Void) -> NavigationError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    // MARK: - What is counted

    @Test func theDefaultIsOneMebibyte() {
        #expect(SessionLimits.default.maxSessionBytes == 1_048_576)
    }

    @Test func countsTheContextEachAcceptedEventAndTheParamsOnTheStack() throws {
        let session = try Session.ledger(owner: "ada")
        let context = #"{"owner":"ada"}"#.utf8.count
        #expect(session.byteCount == context + #"{"lines":[]}"#.utf8.count)

        // Journal only: screen id, event name, payload.
        try session.tap("note", ["text": "hello"])
        let note = "s1".utf8.count + "note".utf8.count + #"{"text":"hello"}"#.utf8.count
        #expect(session.byteCount == context + note + #"{"lines":[]}"#.utf8.count)

        // Journal and params; escapes count as they are written.
        try session.tap("add", ["text": "<a>"])
        let add = "s1".utf8.count + "add".utf8.count + #"{"text":"\u003ca\u003e"}"#.utf8.count
        #expect(session.byteCount == context + note + add + #"{"lines":["\u003ca\u003e"]}"#.utf8.count)

        // Params shrink again; an empty payload is `{}`.
        try session.tap("clear")
        let clear = "s1".utf8.count + "clear".utf8.count + "{}".utf8.count
        #expect(session.byteCount == context + note + add + clear + #"{"lines":[]}"#.utf8.count)
        #expect(session.acceptedEvents.count == 3)
    }

    @Test func paramsOfScreensPushedAndPoppedCountWhileOnTheStack() throws {
        let session = try Session.workbench()
        // The workbench takes no context: `{}`.
        let context = 2
        let screen = #"{"count":0}"#.utf8.count
        #expect(session.byteCount == context + screen)
        try session.tap("push", ["name": "detail"])
        let push = "s1push".utf8.count + #"{"name":"detail"}"#.utf8.count
        #expect(session.byteCount == context + push + 2 * screen)
        try session.tap("back")
        #expect(session.byteCount == context + push + "s2back{}".utf8.count + screen)
    }

    // MARK: - Refusals

    @Test func anEventPastTheBudgetIsRefusedAndChangesNothing() throws {
        let note = "s1note".utf8.count + #"{"text":"xxxxxxxxxx"}"#.utf8.count
        let limit = emptyLedger + 3 * note
        let session = try Session.ledger(limits: limits(maxSessionBytes: limit))
        for _ in 0..<3 { try session.tap("note", ["text": "xxxxxxxxxx"]) }
        #expect(session.byteCount == limit)

        let error = expectRefused(.sessionTooLarge, session, tapping: "note", ["text": "xxxxxxxxxx"])
        #expect(error?.limitBytes == limit)
        #expect(error?.sessionBytes == limit)
        #expect(error?.currentVersion == 4)
        #expect(error?.detail.contains("limit of \(limit) bytes") == true)
        #expect(session.version == 4)
        #expect(session.acceptedEvents.count == 3)
        #expect(session.byteCount == limit)
        // Even the smallest event adds to the journal.
        expectRefused(.sessionTooLarge, session, tapping: "note", ["text": ""])
    }

    @Test func paramsAnEventWouldLeaveCountAndTheRefusedEventIsUndone() throws {
        let long = String(repeating: "x", count: 100)
        let add = "s1add".utf8.count + #"{"text":""}"#.utf8.count + 100
        let addedParams = 100 + 2  // the string in `lines`, quoted
        // Room for the event in the journal, one byte short for its params.
        let limit = emptyLedger + add + addedParams - 1
        let session = try Session.ledger(limits: limits(maxSessionBytes: limit))

        let error = expectRefused(.sessionTooLarge, session, tapping: "add", ["text": .string(long)])
        #expect(error?.sessionBytes == emptyLedger)
        #expect(session.stack.top?.screen.params == ["lines": []])
        #expect(session.byteCount == emptyLedger)
        // The same bytes that stay out of the params fit.
        try session.tap("note", ["text": .string(long)])
        #expect(session.version == 2)
    }

    @Test func anEventThatShrinksTheParamsIsAcceptedWhenTheSessionIsFull() throws {
        let long = String(repeating: "x", count: 100)
        let probe = try Session.ledger()
        try probe.tap("add", ["text": .string(long)])
        let full = probe.byteCount

        let session = try Session.ledger(limits: limits(maxSessionBytes: full))
        try session.tap("add", ["text": .string(long)])
        #expect(session.byteCount == full)
        // Its journal entry is new, but the params it leaves are 102 bytes smaller.
        try session.tap("clear")
        #expect(session.byteCount == full + "s1clear{}".utf8.count - 102)
        expectRefused(.sessionTooLarge, session, tapping: "note", ["text": .string(long)])
    }

    @Test func nestedStringsHaveNoFieldLimitButTheBudgetBoundsThem() throws {
        let megabyte = String(repeating: "x", count: 1_000_000)
        let session = try Session.ledger()
        try session.tap("attach", ["data": ["blob": .string(megabyte)]])
        #expect(session.byteCount > 1_000_000)
        let error = expectRefused(.sessionTooLarge, session, tapping: "attach", ["data": ["blob": .string(megabyte)]])
        #expect(error?.limitBytes == 1_048_576)
        for _ in 0..<58 {
            expectRefused(.sessionTooLarge, session, tapping: "attach", ["data": ["blob": .string(megabyte)]])
        }
        #expect(session.acceptedEvents.count == 1)
        #expect(session.byteCount <= SessionLimits.default.maxSessionBytes)
    }

    // MARK: - Creation

    @Test func aContextPastTheBudgetIsRefusedAtCreation() {
        let owner = String(repeating: "x", count: 20)
        let error = refusal { () throws(NavigationError) in
            _ = try Session.ledger(owner: owner, limits: limits(maxSessionBytes: 20))
        }
        #expect(error?.kind == .sessionTooLarge)
        #expect(error?.limitBytes == 20)
        #expect(error?.detail == "the context takes 32 bytes, more than the session limit of 20 bytes")
    }

    @Test func firstScreensPastTheBudgetAreRefusedAtCreation() throws {
        let error = refusal { () throws(NavigationError) in
            _ = try Session.ledger(limits: limits(maxSessionBytes: emptyLedger - 1))
        }
        #expect(error?.kind == .sessionTooLarge)
        #expect(error?.detail.contains("would hold \(emptyLedger) bytes") == true)
        #expect(try Session.ledger(limits: limits(maxSessionBytes: emptyLedger)).byteCount == emptyLedger)
    }

    @Test func aRefusedCreationTakesNoSlotInTheRegistry() {
        let registry = SessionRegistry(flows: [.ledger], limits: limits(maxSessionBytes: 16))
        let error = refusal { () throws(NavigationError) in
            _ = try registry.create(flow: "ledger", context: ["owner": "a long name for sixteen bytes"])
        }
        #expect(error?.kind == .sessionTooLarge)
        #expect(registry.count == 0)
        #expect(registry.statistics.created == 0)
    }
}
