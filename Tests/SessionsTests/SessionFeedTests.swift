import Coordination
import Flows
import Sessions
import Synchronization
import TestSupport
import Testing

/// The feed skips its work while no session has subscribers: whatever
/// comes and goes on other sessions, a session with a subscriber is
/// announced every change, and one whose subscribers left is not.
@Suite("Session feed", .timeLimit(.minutes(10)), .hangGuard)
struct SessionFeedTests {
    private let registry = SessionRegistry(flows: BuiltinFlows.all)

    /// Records the versions it was announced, and whether it heard the end.
    private final class Recorder: SessionSubscriber {
        private let seen = Mutex<(versions: [Int], ended: Bool)>(([], false))

        func receive(_ change: SessionChange) {
            seen.withLock { seen in
                switch change {
                case .changed(let snapshot): seen.versions.append(snapshot.version)
                case .ended: seen.ended = true
                }
            }
        }

        var versions: [Int] { seen.withLock { $0.versions } }
        var heardEnd: Bool { seen.withLock { $0.ended } }
    }

    private func select(in id: String) throws {
        _ = try registry.send(ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"]), to: id)
    }

    private func close(in id: String) throws {
        let top = try JSONParser.parse(registry.document(of: id).document)["stack"]?.arrayValue?.last?["id"]?.stringValue
        _ = try registry.send(ClientEvent(screen: try #require(top), event: "close"), to: id)
    }

    @Test func aSubscribedSessionHearsEveryChangeWhileOthersComeAndGo() throws {
        let watched = try registry.create(flow: "exchange", context: nil).id
        let other = try registry.create(flow: "exchange", context: nil).id
        let third = try registry.create(flow: "exchange", context: nil).id
        let recorder = Recorder()
        let otherRecorder = Recorder()
        _ = try registry.subscribe(watched, since: 1, subscriber: recorder, limit: 4)
        _ = try registry.subscribe(other, since: 1, subscriber: otherRecorder, limit: 4)
        // Another session's last subscriber leaves, a second one is
        // subscribed to twice and left, a third ends: none of it silences `watched`.
        registry.unsubscribe(otherRecorder, from: other)
        registry.unsubscribe(otherRecorder, from: other)
        let thirdRecorder = Recorder()
        _ = try registry.subscribe(third, since: 1, subscriber: thirdRecorder, limit: 4)
        try registry.end(third)
        #expect(thirdRecorder.heardEnd)
        try select(in: watched)
        try select(in: other)
        try close(in: watched)
        #expect(recorder.versions == [2, 3])
        #expect(otherRecorder.versions.isEmpty)
        // The count matches the sessions that still have subscribers, and
        // returns to none when the last leaves.
        #expect(registry.feed.subscribedSessionCount == 1)
        #expect(registry.feed.subscribedSessionCount == registry.feed.subscribedSessionIDs().count)
        registry.unsubscribe(recorder, from: watched)
        #expect(registry.feed.subscribedSessionCount == 0)
    }

    @Test func aSessionSubscribedToAgainIsAnnouncedAgain() throws {
        let id = try registry.create(flow: "exchange", context: nil).id
        let first = Recorder()
        _ = try registry.subscribe(id, since: 1, subscriber: first, limit: 4)
        registry.unsubscribe(first, from: id)
        try select(in: id)
        #expect(first.versions.isEmpty)
        let second = Recorder()
        _ = try registry.subscribe(id, since: 2, subscriber: second, limit: 4)
        try close(in: id)
        #expect(second.versions == [3])
        #expect(first.versions.isEmpty)
        #expect(registry.feed.subscribedSessionCount == 1)
    }

    /// A subscriber refused for the limit leaves nothing behind: the session
    /// is not counted as subscribed, and the feed still works for others.
    @Test func aRefusedSubscriberLeavesTheCountAlone() throws {
        let id = try registry.create(flow: "exchange", context: nil).id
        let refused = Recorder()
        guard case .full = try registry.subscribe(id, since: 1, subscriber: refused, limit: 0) else {
            Issue.record("a subscriber over the limit was taken")
            return
        }
        #expect(registry.feed.subscribedSessionCount == 0)
        let watched = try registry.create(flow: "exchange", context: nil).id
        let recorder = Recorder()
        _ = try registry.subscribe(watched, since: 1, subscriber: recorder, limit: 4)
        registry.unsubscribe(recorder, from: watched)
        let again = Recorder()
        _ = try registry.subscribe(watched, since: 1, subscriber: again, limit: 4)
        try select(in: watched)
        try select(in: id)
        #expect(again.versions == [2])
        #expect(refused.versions.isEmpty)
        #expect(registry.feed.subscribedSessionCount == 1)
    }
}
