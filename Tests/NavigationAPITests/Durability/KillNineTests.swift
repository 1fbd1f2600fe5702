import Coordination
import Dispatch
import FileStore
import Flows
import Foundation
import Sessions
import TestSupport
import Testing

/// "Acknowledged means journaled", the first promise of
/// docs/durability.md#what-is-promised-and-how-it-is-tested, tested by killing
/// the process: an answered event is in the journal. 64 connections drive 200
/// sessions of both built-in flows; the server is killed with SIGKILL at a
/// random moment and started again on the same data directory.
@Suite("Durability: kill -9 under load", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct KillNineTests {
    static let sessionsPerFlow = 100
    static let connections = 64

    @Test(arguments: [("everysec", UInt64(20_261_201)), ("everysec", 7), ("always", 20_261_202), ("always", 11)])
    func everyAnsweredEventSurvivesAKillNine(fsync: String, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let data = try LaunchedServer.freshDirectory().path
        let first = try LaunchedServer(["--store", "file:" + data, "--fsync", fsync, "--create-burst", "1000"])
        let sessions = try Self.prepareSessions(first.client())

        // Load until the kill; every 200 is remembered with its document.
        let acknowledged = LockedBox<[String: (version: Int, document: [UInt8])]>([:])
        // Every answer other than 200, and every failed request while the
        // server still answered: the load is accepted in full until the kill.
        let failures = LockedBox<[String]>([])
        let group = DispatchGroup()
        for connection in 0..<Self.connections {
            let seedOfThread = random.next()
            group.enter()
            Thread.detachNewThread { [port = first.port] in
                defer { group.leave() }
                var random = SplitMix64(seed: seedOfThread ^ UInt64(connection))
                let client = TestHTTPClient(port: port)
                while true {
                    let session = random.pick(sessions)
                    let response: TestResponse
                    do {
                        response = try client.request("POST", session.path + "/events", json: session.loopEvent(&random))
                    } catch {
                        // The kill: the connection is gone. A server that still answers failed this request.
                        if (try? TestHTTPClient(port: port).request("GET", "/healthz"))?.status == 200 {
                            failures.withLock { $0.append("\(session.id): \(error) while the server answers /healthz") }
                        }
                        return
                    }
                    guard response.status == 200, let version = response.json?["version"]?.intValue else {
                        failures.withLock { $0.append("\(session.id): \(response.status) \(response.text)") }
                        continue
                    }
                    acknowledged.withLock { answered in
                        if version > answered[session.id]?.version ?? 0 { answered[session.id] = (version, response.body) }
                    }
                }
            }
        }
        // The load is under way once some events were answered; the kill
        // comes at a random moment after that.
        try waitUntil("20 sessions with an answered event (seed \(seed))") { acknowledged.withLock { $0.count } >= 20 }
        usleep(UInt32(Int.random(in: 0...300_000, using: &random)))
        first.killNow()
        try group.wait(for: "the load's threads to see the kill")
        #expect(failures.withLock { $0 } == [], "seed \(seed)")
        let answered = acknowledged.withLock { $0 }

        // Restarted on the same directory: every answered event is there.
        let second = try LaunchedServer(["--store", "file:" + data, "--fsync", fsync])
        let client = second.client()
        var served: [String: (document: [UInt8], history: [UInt8])] = [:]
        for session in sessions {
            let response = try client.request("GET", session.path)
            try #require(response.status == 200, "\(session.id) after the restart: \(response.text)")
            let version = response.json?["version"]?.intValue ?? 0
            #expect(version >= answered[session.id]?.version ?? 1, "seed \(seed): an answered event was lost")
            served[session.id] = (response.body, try client.request("GET", session.path + "/history").body)
        }
        _ = try second.stop()

        // The journal replays, in this process, to exactly what both servers answered.
        let store = try FileStore(directory: data)
        defer { store.close() }
        let flows = BuiltinFlows.all
        for session in sessions {
            let records = try store.records(of: session.id, after: 0)
            #expect(records.map(\.version) == Array(1...records.count), "versions are gapless")
            let recording = try SessionRecording(records)
            let flow = try #require(flows.first { $0.name == recording.flow })
            let replayed = try Session(restoring: session.id, flow: flow, context: recording.context, acceptedEvents: recording.events)
            #expect(replayed.document() == served[session.id]?.document, "seed \(seed): the restarted server differs from the journal")
            #expect(
                replayed.historyDocument() == served[session.id]?.history,
                "seed \(seed): the restarted server's history differs from the journal")
            if let (version, document) = answered[session.id] {
                let atAnswer = try Session(
                    restoring: session.id, flow: flow, context: recording.context,
                    acceptedEvents: Array(recording.events.prefix(version - 1)))
                #expect(
                    atAnswer.document() == document, "seed \(seed): the answer of version \(version) is not what the journal replays to")
            }
        }
    }

    /// 100 `exchange` sessions at a calculator and 100 `app` sessions at
    /// settings, where `convert` and `toggleNotifications` are always accepted.
    static func prepareSessions(_ client: TestHTTPClient) throws -> [LoadedSession] {
        var sessions: [LoadedSession] = []
        for _ in 0..<sessionsPerFlow {
            var exchange = try client.createSession("exchange")
            try client.apply("select", ["code": "USD"], to: &exchange)
            sessions.append(LoadedSession(id: exchange.id, screen: exchange.topID, flow: .exchange))
            var app = try client.createSession("app", context: ["onboarded": true, "token": "t"])
            try client.apply("openSettings", to: &app)
            sessions.append(LoadedSession(id: app.id, screen: app.topID, flow: .app))
        }
        return sessions
    }
}

/// A session under load: the screen that stays on top, and its flow.
struct LoadedSession: Sendable {
    enum Kind: Sendable { case exchange, app }
    let id: String
    let screen: String
    let flow: Kind

    var path: String { "/v1/sessions/\(id)" }

    /// An event the top screen always accepts.
    func loopEvent(_ random: inout SplitMix64) -> JSONValue {
        switch flow {
        case .exchange:
            [
                "screen": .string(screen), "event": "convert",
                "payload": ["amount": .number(Double(Int.random(in: 1...999, using: &random)))],
            ]
        case .app:
            ["screen": .string(screen), "event": "toggleNotifications"]
        }
    }
}
