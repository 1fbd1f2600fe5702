import Coordination
import Flows
import Synchronization
import TestSupport
import Testing

/// Many connections at once against one session, and many sessions at once.
@Suite("Hammering sessions over 64 connections", .timeLimit(.minutes(10)), .hangGuard)
struct HammerTests {
    /// What one accepted event produced, from its 200 response.
    private struct Accepted: Sendable {
        let version: Int
        let amount: Int
    }

    /// 64 connections send `convert` events to one calculator, half of them
    /// with `If-Match` of the version they last saw: every accepted event
    /// bumps the version by exactly one, none is lost, and the final session
    /// equals one rebuilt by the engine from the accepted events in version order.
    @Test func oneSessionHammeredByManyConnections() throws {
        var limits = SessionLimits()
        limits.maxHistoryLength = 4096  // keep every entry, to compare them all
        let server = try TestServer(limits: limits)
        let setup = server.client()
        var session = try setup.createSession("exchange")
        try setup.apply("select", ["code": "USD"], to: &session)
        let startVersion = session.version
        let path = session.path + "/events"
        let screen = session.topID
        let port = server.port
        let connections = 64
        let eventsPerConnection = 12

        let accepted = LockedBox<[Accepted]>([])
        let refusals = LockedBox<[Int: Int]>([:])
        try runOnThreads(connections) { connection in
            let client = TestHTTPClient(port: port)
            var lastSeen = startVersion
            for attempt in 0..<eventsPerConnection {
                // Unique per request, so each accepted event is recognisable in the final state.
                let amount = connection * 1000 + attempt + 1
                let body: JSONValue = ["screen": .string(screen), "event": "convert", "payload": ["amount": .number(Double(amount))]]
                let conditional = attempt % 2 == 1
                let headers = conditional ? [("If-Match", "\"\(lastSeen)\"")] : []
                guard let response = try? client.request("POST", path, json: body, headers: headers) else {
                    refusals.withLock { $0[0, default: 0] += 1 }
                    continue
                }
                if response.status == 200, let version = response.json?["version"]?.intValue {
                    lastSeen = version
                    accepted.withLock { $0.append(Accepted(version: version, amount: amount)) }
                } else {
                    if let current = response.json?["currentVersion"]?.intValue { lastSeen = current }
                    refusals.withLock { $0[response.status, default: 0] += 1 }
                }
            }
        }

        let events = accepted.withLock { $0 }.sorted { $0.version < $1.version }
        let refused = refusals.withLock { $0 }
        // Only stale If-Match requests may be refused, and only with 412.
        #expect(Set(refused.keys).isSubset(of: [412]), "\(refused)")
        #expect(events.count + refused[412, default: 0] == connections * eventsPerConnection)
        // Unconditional events are never refused.
        #expect(events.count >= connections * eventsPerConnection / 2)
        // Every accepted event produced exactly one version, with no gap and no repeat.
        #expect(events.map(\.version) == Array((startVersion + 1)...(startVersion + events.count)))

        let final = try setup.request("GET", session.path)
        #expect(final.json?["version"]?.intValue == startVersion + events.count)
        let history = try #require(try setup.request("GET", session.path + "/history?since=\(startVersion)").json)
        #expect(history["entries"]?.arrayValue?.compactMap { $0["version"]?.intValue } == events.map(\.version))

        // The engine, fed the same events in version order, ends in the same state.
        let flow = try #require(BuiltinFlows.all.first { $0.name == "exchange" })
        let rebuilt = try Session(id: session.id, flow: flow, context: nil)
        try rebuilt.send(ClientEvent(screen: "s1", event: "select", payload: ["code": "USD"]))
        for event in events {
            try rebuilt.send(ClientEvent(screen: screen, event: "convert", payload: ["amount": .number(Double(event.amount))]))
        }
        #expect(rebuilt.version == startVersion + events.count)
        #expect(String(decoding: rebuilt.document(), as: UTF8.self) == final.text)
    }

    /// 32 connections, each with its own session and its own amounts: every
    /// session ends with exactly its own events and nothing of the others.
    @Test func manySessionsInParallelDoNotCrossTalk() throws {
        let server = try TestServer()
        let port = server.port
        let sessions = 32
        let rounds = 15
        struct Outcome: Sendable {
            let id: String
            let accepted: Int
            let version: Int
        }
        let outcomes = LockedBox<[Int: Outcome]>([:])
        try runOnThreads(sessions) { index in
            let client = TestHTTPClient(port: port)
            guard let created = try? client.request("POST", "/v1/sessions", json: ["flow": "exchange"]),
                let id = created.json?["id"]?.stringValue,
                (try? client.request(
                    "POST", "/v1/sessions/\(id)/events",
                    json: ["screen": "s1", "event": "select", "payload": ["code": "EUR"]]))?.status == 200
            else { return }
            var accepted = 0
            for round in 0..<rounds {
                let body: JSONValue = ["screen": "s2", "event": "convert", "payload": ["amount": .number(Double(index * 100 + round))]]
                if (try? client.request("POST", "/v1/sessions/\(id)/events", json: body))?.status == 200 { accepted += 1 }
            }
            let document = (try? client.request("GET", "/v1/sessions/\(id)"))?.json
            outcomes.withLock {
                $0[index] = Outcome(id: id, accepted: accepted, version: document?["version"]?.intValue ?? -1)
            }
        }
        let results = outcomes.withLock { $0 }
        #expect(results.count == sessions)
        #expect(Set(results.values.map(\.id)).count == sessions)
        for (index, outcome) in results {
            #expect(outcome.accepted == rounds, "session \(index)")
            #expect(outcome.version == 2 + rounds, "session \(index)")
            let last = try #require(try server.client().request("GET", "/v1/sessions/\(outcome.id)").json)
            #expect(last["stack"]?.arrayValue?.last?["params"]?["amount"]?.intValue == index * 100 + rounds - 1)
        }
        #expect(server.registry.count == sessions)
    }
}
