import TestSupport
import Testing

@testable import Coordination

/// `undoLastChange()`: a caller whose store refused an accepted event takes it
/// back, and the session is exactly as it was before the event, down to the
/// ids the next event will use.
@Suite("Undoing the last event", .timeLimit(.minutes(10)), .hangGuard)
struct SessionUndoTests {
    /// Everything ``Fingerprint`` holds, plus what a client cannot see but an
    /// undo must also restore: the history from every version, the byte
    /// count, and what the flow wrote to its shared store.
    private struct State: Equatable {
        let fingerprint: Fingerprint
        let histories: [String]
        let byteCount: Int
        let lifecycle: [String]
        let tree: String

        init(_ session: Session) {
            fingerprint = Fingerprint(session)
            histories = session.historiesSinceEveryVersion
            byteCount = session.byteCount
            lifecycle = session.lifecycle
            tree = session.treeDescription
        }
    }

    @Test func undoingEachEventOfAWalkRestoresTheSessionBeforeIt() throws {
        let session = try Session.workbench()
        for (event, payload) in SessionRestoreTests.walk {
            let before = State(session)
            try session.tap(event, payload)
            let after = State(session)

            try session.undoLastChange()
            #expect(State(session) == before, "undoing '\(event)' did not restore the session")

            // Sent again, it gives the same result: the undo gave back the ids it took.
            try session.tap(event, payload)
            #expect(State(session) == after, "'\(event)' sent again after its undo went differently")
        }
    }

    @Test func repeatedUndoWalksBackToVersionOne() throws {
        let session = try Session.workbench()
        var states = [State(session)]
        for (event, payload) in SessionRestoreTests.walk {
            try session.tap(event, payload)
            states.append(State(session))
        }
        while session.version > 1 {
            try session.undoLastChange()
            #expect(State(session) == states[session.version - 1], "at version \(session.version)")
        }
        #expect(session.acceptedEvents.isEmpty)
        #expect(session.documentText == (try Session.workbench()).documentText)

        // With nothing left to take back, an undo changes nothing.
        try session.undoLastChange()
        #expect(State(session) == states[0])

        // And the walk can be taken again, to the same end.
        for (event, payload) in SessionRestoreTests.walk {
            try session.tap(event, payload)
        }
        #expect(State(session) == states.last)
    }

    @Test func anUndoneSessionRestoresLikeOneThatNeverTookTheEvent() throws {
        let session = try SessionRestoreTests.walked(12)
        try session.tap("update")
        try session.undoLastChange()
        expectSameSession(try session.restored(), as: try SessionRestoreTests.walked(12))
    }

    @Test func undoGivesBackTheBytesOfTheEvent() throws {
        let session = try Session.ledger()
        try session.tap("add", ["text": "kept"])
        let before = session.byteCount
        try session.tap("add", ["text": .string(String(repeating: "x", count: 500))])
        #expect(session.byteCount > before + 1000)
        try session.undoLastChange()
        #expect(session.byteCount == before)
    }

    @Test func undoLeavesTheRouterLogWithTheCallsBehindTheState() throws {
        let log = RouterCallLog()
        let session = try Session(id: "logged", flow: .workbench, context: nil, routerLog: log)
        try session.tap("push", ["name": "a"])
        let before = log.entries.map { "\($0.coordinator): \($0.call)" }
        try session.tap("startChild", ["name": "b"])
        try session.undoLastChange()
        #expect(log.entries.map { "\($0.coordinator): \($0.call)" } == before)
    }
}
