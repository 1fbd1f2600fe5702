import Coordination
import Dispatch
import Synchronization
import TestSupport
import Testing

@Suite("Concurrent clients", .timeLimit(.minutes(10)), .hangGuard)
struct ConcurrencyTests {
    /// Clients race to change one session, each with `If-Match` of the
    /// version it last read: every version is won by exactly one of them,
    /// and the rest get 412 without changing anything.
    @Test func racingConditionalEventsApplyOncePerVersion() throws {
        let server = try TestServer()
        let setup = server.client()
        var session = try setup.createSession("app", context: ["onboarded": true, "token": "t"])
        try setup.apply("openSettings", to: &session)
        let initialNotifications = try #require(session.topParams?["notifications"]?.boolValue as Bool?)
        let startVersion = session.version
        let screen = session.topID
        let path = session.path

        let clients = 4
        let attemptsPerClient = 40
        let outcomes = LockedBox<[Int: Int]>([:])
        let port = server.port
        DispatchQueue.concurrentPerform(iterations: clients) { _ in
            let client = TestHTTPClient(port: port)
            for _ in 0..<attemptsPerClient {
                guard let read = try? client.request("GET", path), let tag = read.header("ETag"),
                    let response = try? client.request(
                        "POST", path + "/events", json: ["screen": .string(screen), "event": "toggleNotifications"],
                        headers: [("If-Match", tag)])
                else {
                    outcomes.withLock { $0[0, default: 0] += 1 }
                    continue
                }
                outcomes.withLock { $0[response.status, default: 0] += 1 }
            }
        }

        let counts = outcomes.withLock { $0 }
        let applied = counts[200, default: 0]
        #expect(applied + counts[412, default: 0] == clients * attemptsPerClient, "\(counts)")
        #expect(applied > 0)
        let final = try #require(try setup.request("GET", path).json)
        #expect(final["version"]?.intValue == startVersion + applied)
        let notifications = final["stack"]?.arrayValue?.last?["params"]?["notifications"]?.boolValue
        #expect(notifications == (applied % 2 == 0 ? initialNotifications : !initialNotifications))
        let history = try #require(try setup.request("GET", path + "/history?since=\(startVersion)").json)
        #expect(history["entries"]?.arrayValue?.count == applied)
    }

    /// Sessions are independent: clients walking their own sessions in
    /// parallel all end where a lone client would.
    @Test func parallelSessionsDoNotInterfere() throws {
        let server = try TestServer()
        let finalVersions = LockedBox<[Int]>([])
        let port = server.port
        // No expectations inside: they belong to the test's task, not to these threads.
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let client = TestHTTPClient(port: port)
            guard let created = try? client.request("POST", "/v1/sessions", json: ["flow": "exchange"]),
                let id = created.json?["id"]?.stringValue
            else { return }
            let path = "/v1/sessions/\(id)"
            var accepted = 0
            for round in 0..<20 {
                let select: JSONValue = ["screen": "s1", "event": "select", "payload": ["code": "GBP"]]
                let back: JSONValue = ["screen": .string("s\(round + 2)"), "event": "back"]
                for body in [select, back] where (try? client.request("POST", path + "/events", json: body))?.status == 200 {
                    accepted += 1
                }
            }
            let version = (try? client.request("GET", path))?.json?["version"]?.intValue ?? -1
            finalVersions.withLock { $0.append(accepted == 40 ? version : -accepted) }
        }
        #expect(finalVersions.withLock { $0 } == Array(repeating: 41, count: 6))
    }
}
