import Coordination
import Dispatch
import Flows
import Foundation
import Sessions
import TestSupport
import Testing

/// Load spread over several `navigation-server` instances on one shared store:
/// threads send events that the top screen always accepts to random
/// sessions through random instances until told to stop, remembering every
/// answer.
final class InstanceLoad: Sendable {
    /// Ports of the instances requests may go to; a killed one is taken out first.
    let ports: LockedBox<[Int]>
    /// Every version answered 200, per session.
    let acknowledged = LockedBox<[String: [Int]]>([:])
    /// How many answers had each status; -1 counts a connection reset by a live instance.
    let statuses = LockedBox<[Int: Int]>([:])
    /// Problem types of the non-200 answers.
    let problemTypes = LockedBox<Set<String>>([])
    /// Answers missing Retry-After among the 503s.
    let unavailableWithoutRetryAfter = LockedBox(0)
    private let stopping = LockedBox(false)
    private let group = DispatchGroup()

    init(ports: [Int]) {
        self.ports = LockedBox(ports)
    }

    var acknowledgedCount: Int { acknowledged.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// Starts `connections` threads, each with a connection per instance.
    func start(_ sessions: [LoadedSession], connections: Int, seed: UInt64) {
        for connection in 0..<connections {
            group.enter()
            Thread.detachNewThread { [self] in
                defer { group.leave() }
                var random = SplitMix64(seed: seed ^ UInt64(connection &* 7919))
                var clients: [Int: TestHTTPClient] = [:]
                while !stopping.withLock({ $0 }) {
                    let live = ports.withLock { $0 }
                    guard !live.isEmpty else { return }
                    let port = random.pick(live)
                    let client = clients[port] ?? TestHTTPClient(port: port)
                    clients[port] = client
                    let session = random.pick(sessions)
                    do {
                        let response = try client.request("POST", session.path + "/events", json: session.loopEvent(&random))
                        record(response, session: session.id)
                    } catch {
                        // A reset is a failure only from an instance that was not killed.
                        client.disconnect()
                        if ports.withLock({ $0.contains(port) }) { statuses.withLock { $0[-1, default: 0] += 1 } }
                    }
                }
            }
        }
    }

    /// Tells the threads to stop and waits for them.
    func finish() throws {
        stopping.withLock { $0 = true }
        try group.wait(for: "the load's threads to stop")
    }

    /// Waits until at least `count` more events were answered 200.
    func waitForAnswers(_ count: Int, _ what: String = "the load to get going") throws {
        let target = acknowledgedCount + count
        try waitUntil("\(count) more answers (\(what)); statuses so far: \(statuses.withLock { $0 })") { acknowledgedCount >= target }
    }

    private func record(_ response: TestResponse, session: String) {
        statuses.withLock { $0[response.status, default: 0] += 1 }
        if response.status == 200, let version = response.json?["version"]?.intValue {
            acknowledged.withLock { $0[session, default: []].append(version) }
            return
        }
        if let type = response.json?["type"]?.stringValue { problemTypes.withLock { _ = $0.insert(type) } }
        if response.status == 503, response.header("Retry-After") == nil {
            unavailableWithoutRetryAfter.withLock { $0 += 1 }
        }
    }

    /// The checks every multi-instance test ends with, on what the shared
    /// store (Redis, PostgreSQL) holds, read through `store`:
    /// each journal's versions are gapless, no version was answered twice
    /// (no lost update), every answered version is there, and every
    /// instance serves the document an in-memory replay of the journal gives.
    /// `exactly`: the journal holds no event beyond those answered (true
    /// when no answer was cut off by a kill or an outage).
    func verify(_ sessions: [LoadedSession], preparedVersion: Int, store: any SessionStore, instances: [Int], exactly: Bool) throws {
        let answered = acknowledged.withLock { $0 }
        let flows = BuiltinFlows.all
        let clients = instances.map { TestHTTPClient(port: $0) }
        for session in sessions {
            let records = try store.records(of: session.id, after: 0)
            #expect(records.map(\.version) == Array(1...records.count), "versions are gapless")
            let versions = answered[session.id] ?? []
            #expect(Set(versions).count == versions.count, "a version was answered twice: a lost update")
            #expect(versions.allSatisfy { $0 <= records.count }, "an answered event is missing from the store")
            if exactly {
                #expect(records.count == preparedVersion + versions.count, "the store holds an event nobody was answered")
            }
            let recording = try SessionRecording(records)
            let flow = try #require(flows.first { $0.name == recording.flow })
            let replayed = try Session(restoring: session.id, flow: flow, context: recording.context, acceptedEvents: recording.events)
            for client in clients {
                let response = try client.request("GET", session.path)
                #expect(response.status == 200)
                #expect(response.body == replayed.document(), "an instance serves another document than the journal replays to")
            }
        }
    }
}
