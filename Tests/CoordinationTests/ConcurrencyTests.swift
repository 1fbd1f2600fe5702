import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// Many sessions used from many threads at once: each ends up exactly where
/// the same events take it on one thread, and one shared session loses no event.
@Suite("Concurrent sessions", .timeLimit(.minutes(10)), .hangGuard)
struct ConcurrencyTests {
    private final class Outcomes: Sendable {
        let ids = LockedBox<[Int: String]>([:])
        let documents = LockedBox<[Int: [UInt8]]>([:])
        let failures = LockedBox<[String]>([])
    }

    /// A different walk for every session, so that cross-talk would show.
    private static func script(_ index: Int) -> [(event: String, payload: JSONObject)] {
        var steps: [(String, JSONObject)] = [("push", ["name": .string("p\(index)")])]
        steps += Array(repeating: ("update", [:]), count: index % 5)
        steps.append(("startModalChild", ["name": .string("m\(index)")]))
        if index.isMultiple(of: 2) { steps.append(("push", ["name": "inside"])) }
        steps.append(("update", [:]))
        if index.isMultiple(of: 3) { steps.append(("dismiss", [:])) }
        return steps
    }

    @Test func manySessionsOnManyThreadsDoNotTalkToEachOther() throws {
        let registry = SessionRegistry(flows: [.workbench])
        let outcomes = Outcomes()
        let sessions = 96

        DispatchQueue.concurrentPerform(iterations: sessions) { index in
            do {
                let id = try registry.create(flow: "workbench", context: nil).id
                for step in Self.script(index) {
                    try registry.tap(id, step.event, step.payload)
                }
                let document = try registry.document(of: id).document
                outcomes.ids.withLock { $0[index] = id }
                outcomes.documents.withLock { $0[index] = document }
            } catch {
                outcomes.failures.withLock { $0.append("session \(index): \(error)") }
            }
        }

        #expect(outcomes.failures.withLock { $0 } == [])
        let ids = outcomes.ids.withLock { $0 }
        let documents = outcomes.documents.withLock { $0 }
        #expect(ids.count == sessions && Set(ids.values).count == sessions)
        for index in 0..<sessions {
            let id = try #require(ids[index])
            let serial = try Session.workbench(id: id)
            for step in Self.script(index) { try serial.tap(step.event, step.payload) }
            #expect(documents[index] == serial.document(), "session \(index) differs from its serial twin")
        }
        #expect(registry.count == sessions)
    }

    @Test func oneSessionSharedByManyThreadsLosesNoEvent() throws {
        let registry = SessionRegistry(flows: [.workbench])
        let id = try registry.create(flow: "workbench", context: nil).id
        let outcomes = Outcomes()

        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<50 {
                do {
                    _ = try registry.send(ClientEvent(screen: "s1", event: "update"), to: id)
                } catch {
                    outcomes.failures.withLock { $0.append("thread \(thread): \(error)") }
                }
            }
        }

        #expect(outcomes.failures.withLock { $0 } == [])
        let snapshot = try registry.document(of: id)
        #expect(snapshot.version == 401)
        let top = try JSONParser.parse(snapshot.document)["stack"]?.arrayValue?.last
        #expect(top?["params"] == ["count": 400])
    }

    @Test func concurrentIfMatchLetsExactlyOneWriterWinPerVersion() throws {
        let registry = SessionRegistry(flows: [.workbench])
        let id = try registry.create(flow: "workbench", context: nil).id
        let wins = Atomic<Int>(0)
        let mismatches = Atomic<Int>(0)

        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            do {
                _ = try registry.send(ClientEvent(screen: "s1", event: "update"), to: id, expectedVersion: 1)
                wins.add(1, ordering: .relaxed)
            } catch {
                if (error as? NavigationError)?.kind == .versionMismatch { mismatches.add(1, ordering: .relaxed) }
            }
        }

        #expect(wins.load(ordering: .relaxed) == 1)
        #expect(mismatches.load(ordering: .relaxed) == 15)
        #expect(try registry.document(of: id).version == 2)
    }
}
