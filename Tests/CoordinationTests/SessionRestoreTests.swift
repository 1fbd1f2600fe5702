import TestSupport
import Testing

@testable import Coordination

/// `Session(restoring:)`: a session rebuilt from its context and journal, as
/// after a restart, is the session it was; a journal the flow no longer
/// accepts is refused naming the event; the limits that refuse new events do
/// not take back events accepted once.
@Suite("Restoring a session from its journal", .timeLimit(.minutes(10)), .hangGuard)
struct SessionRestoreTests {
    /// Workbench events that use every router operation, children started
    /// pushed and presented, and `back` and `dismiss` by the user, which
    /// finish abandoned children: `(event, payload)` on the active screen.
    static let walk: [(String, JSONObject)] = [
        ("push", ["name": "a"]),
        ("update", [:]),
        ("startChild", ["name": "b"]),
        ("update", [:]),
        ("present", ["name": "m", "style": "sheet"]),
        ("push", ["name": "c"]),
        ("update", [:]),
        ("back", [:]),
        ("startModalChild", ["name": "d"]),
        ("push", ["name": "e"]),
        ("dismiss", [:]),
        ("dismissModal", [:]),
        ("startChild", ["name": "f"]),
        ("present", ["name": "full", "style": "fullScreen"]),
        ("push", ["name": "h"]),
        ("pop", [:]),
        ("dismissModal", [:]),
        ("popToRoot", [:]),
        ("setRoot", ["name": "top"]),
        ("startModalChild", ["name": "g"]),
        ("update", [:]),
    ]

    /// A workbench session after the first `count` events of ``walk``.
    static func walked(_ count: Int = walk.count, limits: SessionLimits = .default) throws -> Session {
        let session = try Session.workbench(limits: limits)
        for (event, payload) in walk.prefix(count) {
            try session.tap(event, payload)
        }
        return session
    }

    // MARK: - The same session

    @Test func aRestoredSessionIsTheSameAtEveryVersionOfAWalk() throws {
        let live = try Session.workbench()
        for (event, payload) in Self.walk {
            expectSameSession(try live.restored(), as: live)
            try live.tap(event, payload)
        }
        #expect(live.version == Self.walk.count + 1)
        #expect(live.treeDescription == "ROOT[G]")
        let restored = try live.restored()
        expectSameSession(restored, as: live)
        #expect(restored.id == live.id && restored.flow.name == live.flow.name && restored.context == live.context)
        // What the flow kept in its shared store was rebuilt too.
        #expect(restored.lifecycle == live.lifecycle)
        #expect(restored.treeDescription == live.treeDescription)
    }

    @Test func aRestoredSessionTakesTheNextEventAsTheLiveOneDoes() throws {
        let live = try Self.walked(10)
        let restored = try live.restored()
        for (event, payload) in Self.walk.dropFirst(10) {
            let liveCalls = try live.tap(event, payload)
            #expect(try restored.tap(event, payload) == liveCalls)
        }
        expectSameSession(restored, as: live)
    }

    @Test func aRestoredSessionRefusesWhatTheLiveOneRefuses() throws {
        let live = try Self.walked(3)
        let restored = try live.restored()
        let stale = ClientEvent(screen: live.topID, event: "update")
        expectRefused(.versionMismatch, restored, stale, expectedVersion: live.version - 1)
        expectRefused(.screenNotActive, restored, ClientEvent(screen: "s1", event: "update"))
        expectRefused(.eventRejected, restored, tapping: "reject")
        expectRefused(.flowFailure, restored, tapping: "crash")
        expectSameSession(restored, as: live)
    }

    @Test func aTruncatedHistoryIsRestoredTruncatedTheSameWay() throws {
        var limits = SessionLimits()
        limits.maxHistoryLength = 5
        let live = try Self.walked(limits: limits)
        let restored = try live.restored()
        expectSameSession(restored, as: live)
        #expect(String(decoding: restored.historyDocument(since: 0), as: UTF8.self).contains("\"truncated\":true"))
    }

    @Test func aFinishedSessionIsRestoredFinishedWithItsResult() throws {
        let live = try Self.walked(1)
        try live.tap("finishFlow")
        #expect(live.isFinished)
        let restored = try live.restored()
        expectSameSession(restored, as: live)
        #expect(restored.documentText.contains(#""finished":true,"result":{"answer":42}"#))
        expectRefused(.sessionFinished, restored, tapping: "update")
    }

    @Test func anEmptyJournalRestoresTheStart() throws {
        let fresh = try Session.workbench()
        let restored = try Session(restoring: fresh.id, flow: .workbench, context: fresh.context, acceptedEvents: [])
        expectSameSession(restored, as: fresh)
        #expect(restored.version == 1)
    }

    @Test func theRecordedContextIsWhatTheFlowStartsFrom() throws {
        let live = try Session.ledger(owner: "ada")
        try live.tap("add", ["text": "first"])
        let restored = try live.restored()
        expectSameSession(restored, as: live)
        #expect(restored.context == ["owner": "ada"])
    }

    // MARK: - A journal the flow no longer accepts

    @Test func anUnknownEventIsAFlowFailureNamingIt() throws {
        let journal = try Self.walked(2).acceptedEvents + [ClientEvent(screen: "s2", event: "teleport")]
        expectReplayFailure(of: journal, atEvent: 3, "teleport", on: "s2")
    }

    @Test func aScreenThatDoesNotExistIsAFlowFailureNamingTheEvent() throws {
        var journal = try Self.walked(6).acceptedEvents
        journal.insert(ClientEvent(screen: "s42", event: "update"), at: 4)
        expectReplayFailure(of: journal, atEvent: 5, "update", on: "s42")
    }

    @Test func aScreenThatIsNoLongerActiveIsAFlowFailureNamingTheEvent() throws {
        let journal = [ClientEvent(screen: "s1", event: "push", payload: ["name": "a"]), ClientEvent(screen: "s1", event: "update")]
        expectReplayFailure(of: journal, atEvent: 2, "update", on: "s1")
    }

    @Test func aPayloadTheEventNoLongerTakesIsAFlowFailureNamingTheEvent() throws {
        let journal = [ClientEvent(screen: "s1", event: "push", payload: ["name": 7])]
        expectReplayFailure(of: journal, atEvent: 1, "push", on: "s1")
    }

    @Test(arguments: ["reject", "crash"])
    func aHandlerThatNowFailsIsAFlowFailureNamingTheEvent(event: String) throws {
        let journal = try Self.walked(3).acceptedEvents + [ClientEvent(screen: "s3", event: event)]
        expectReplayFailure(of: journal, atEvent: 4, event, on: "s3")
    }

    // MARK: - Events recorded by another instance

    /// A session restored from the first `count` events of `live`, as an
    /// instance that saw only those holds it.
    private func behind(_ live: Session, by count: Int) throws -> Session {
        try Session(
            restoring: live.id, flow: live.flow, context: live.context,
            acceptedEvents: Array(live.acceptedEvents.dropLast(count)))
    }

    @Test func recordedEventsCatchALiveSessionUp() throws {
        let live = try Self.walked()
        let cached = try behind(live, by: 9)
        _ = cached.document()
        try cached.applyRecorded(Array(live.acceptedChanges.suffix(9)))
        expectSameSession(cached, as: live)
        #expect(!cached.isBroken)
        try cached.applyRecorded([])
        expectSameSession(cached, as: live)
    }

    @Test func aRecordedEventThatFailsLeavesTheSessionBroken() throws {
        let live = try Self.walked(4)
        let cached = try behind(live, by: 1)
        let recorded = [live.acceptedChanges[3], .event(ClientEvent(screen: "s42", event: "update"))]
        do {
            try cached.applyRecorded(recorded)
            Issue.record("an event on a screen that does not exist was applied")
        } catch {
            #expect(error.kind == .flowFailure)
            #expect(error.detail.hasPrefix("replaying recorded event 'update' on s42 failed (screen 's42' is not on the stack"))
        }
        #expect(cached.isBroken)
        let lost = expectRefused(.flowFailure, cached, tapping: "update")
        #expect(lost?.detail == "the session was lost after its flow failed to replay")
        #expect(throws: NavigationError.self) { try cached.applyRecorded([]) }
    }

    // MARK: - Limits on new events do not take back old ones

    /// A ledger session of 12 accepted events, its journal and params both grown.
    private func grownLedger() throws -> Session {
        let live = try Session.ledger(owner: "ada")
        for index in 0..<12 {
            try live.tap(index.isMultiple(of: 2) ? "note" : "add", ["text": .string(String(repeating: "x", count: 40))])
        }
        return live
    }

    @Test func aSessionRestoredUnderAnEventLimitBelowItsEventsKeepsThemAndTakesNoMore() throws {
        let live = try grownLedger()
        var limits = SessionLimits()
        limits.maxEventsPerSession = 3
        let restored = try live.restored(limits: limits)
        expectSameSession(restored, as: live)
        #expect(restored.acceptedEvents.count == 12)
        expectRefused(.eventLimitReached, restored, tapping: "note", ["text": "one more"])
    }

    @Test func aSessionRestoredUnderAByteBudgetBelowItsSizeKeepsItsEventsAndTakesNoMore() throws {
        let live = try grownLedger()
        var limits = SessionLimits()
        // Below what its 12 journaled events alone hold (over 40 bytes each).
        limits.maxSessionBytes = 200
        let restored = try live.restored(limits: limits)
        expectSameSession(restored, as: live)
        #expect(restored.byteCount > 12 * 40)
        expectRefused(.sessionTooLarge, restored, tapping: "note", ["text": "one more"])
        // Even an event that would empty the params: the journal alone is past the budget.
        expectRefused(.sessionTooLarge, restored, tapping: "clear")
    }

    @Test func aSessionRestoredUnderAByteBudgetBelowItsContextKeepsItsContext() throws {
        let live = try Session.ledger(owner: String(repeating: "o", count: 200))
        try live.tap("note", ["text": "kept"])
        var limits = SessionLimits()
        limits.maxSessionBytes = 64
        let restored = try live.restored(limits: limits)
        expectSameSession(restored, as: live)
        #expect(restored.context == live.context)
    }
}
