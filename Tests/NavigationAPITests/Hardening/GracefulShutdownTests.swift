import Coordination
import Foundation
import Synchronization
import TestSupport
import Testing

/// SIGTERM while clients are busy: every request the server took in gets its
/// whole response, then the process exits 0 within the stop deadline.
@Suite("Graceful shutdown under load", .timeLimit(.minutes(10)), .hangGuard)
struct GracefulShutdownTests {
    @Test func sigtermWhileClientsSendEventsLosesNoAcceptedRequest() throws {
        let server = try LaunchedServer(["--threads", "2", "--log-format", "json"])
        let port = server.port
        let serverProcessID = server.process.processIdentifier

        let completed = Atomic<Int>(0)
        /// Requests sent that got no response (the server closing under them) or failed otherwise.
        let failures = LockedBox<[String]>([])
        /// Answers other than 200: none is expected, however the stop falls.
        let refusals = LockedBox<[String]>([])
        let eventsAccepted = Atomic<Int>(0)
        let started = Atomic<Int>(0)
        let clients = 8
        let stopper = Thread {
            // Let every client get going, then stop the server under them
            // (after the bound, stopped anyway: the counts below then fail).
            do {
                try waitUntil("\(clients * 20) events sent") { started.load(ordering: .relaxed) >= clients * 20 }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
            kill(serverProcessID, SIGTERM)
        }
        stopper.start()
        try runOnThreads(clients) { index in
            let client = TestHTTPClient(port: port)
            let id: String
            do {
                let created = try client.request("POST", "/v1/sessions", json: ["flow": "exchange"])
                guard created.status == 201, let newID = created.json?["id"]?.stringValue else {
                    failures.withLock { $0.append("client \(index): create answered \(created.status) \(created.text)") }
                    return
                }
                id = newID
            } catch {
                failures.withLock { $0.append("client \(index): create failed: \(error)") }
                return
            }
            completed.add(1, ordering: .relaxed)
            // Alternate: open the calculator from the rates list, go back.
            var top = "s1"
            while true {
                let body: JSONValue =
                    top == "s1"
                    ? ["screen": "s1", "event": "select", "payload": ["code": "USD"]]
                    : ["screen": .string(top), "event": "back"]
                started.add(1, ordering: .relaxed)
                let response: TestResponse
                do {
                    response = try client.request("POST", "/v1/sessions/\(id)/events", json: body)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                    return
                }
                completed.add(1, ordering: .relaxed)
                guard response.status == 200, let newTop = response.json?["stack"]?.arrayValue?.last?["id"]?.stringValue else {
                    refusals.withLock { $0.append("client \(index): \(response.status) \(response.text)") }
                    return
                }
                eventsAccepted.add(1, ordering: .relaxed)
                top = newTop
                if response.header("Connection")?.lowercased() == "close" { return }
            }
        }

        let (status, lines) = try server.stop(nil)
        #expect(status == 0)

        // Every request the server handled (one log line each) reached its client whole.
        let handled = lines.filter {
            $0.contains("\"msg\":\"request\"") && $0.contains("\"method\":\"POST\"")
        }.count
        #expect(
            handled == completed.load(ordering: .relaxed),
            "server handled \(handled), clients got \(completed.load(ordering: .relaxed)) whole responses; \(failures.withLock { $0 })")
        #expect(refusals.withLock { $0 } == [])
        #expect(eventsAccepted.load(ordering: .relaxed) >= clients * 10)
        #expect(lines.last?.contains("\"msg\":\"stopped\"") == true)
    }
}
