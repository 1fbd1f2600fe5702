import Coordination
import Foundation
import Synchronization
import TestSupport
import Testing

/// SIGTERM while clients are busy: every request the server took in gets its
/// whole response, then the process exits 0 within the stop deadline.
@Suite("Graceful shutdown under load")
struct GracefulShutdownTests {
    @Test func sigtermWhileClientsSendEventsLosesNoAcceptedRequest() throws {
        let server = try LaunchedServer(["--threads", "2", "--log-format", "json"])
        let port = server.port
        let serverProcessID = server.process.processIdentifier

        let completed = Atomic<Int>(0)
        let failures = LockedBox<[String]>([])
        let eventsAccepted = Atomic<Int>(0)
        let started = Atomic<Int>(0)
        let clients = 8
        let stopper = Thread {
            // Let every client get going, then stop the server under them.
            while started.load(ordering: .relaxed) < clients * 20 { usleep(1_000) }
            kill(serverProcessID, SIGTERM)
        }
        stopper.start()
        runOnThreads(clients) { index in
            let client = TestHTTPClient(port: port)
            guard let created = try? client.request("POST", "/v1/sessions", json: ["flow": "exchange"]),
                let id = created.json?["id"]?.stringValue
            else { return }
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
                guard response.status == 200,
                    let newTop = response.json?["stack"]?.arrayValue?.last?["id"]?.stringValue
                else { return }
                eventsAccepted.add(1, ordering: .relaxed)
                top = newTop
                if response.header("Connection")?.lowercased() == "close" { return }
            }
        }

        let (status, lines) = try server.stop(nil, seconds: 15)
        #expect(status == 0)

        // Every request the server handled (one log line each) reached its client whole.
        let handled = lines.filter {
            $0.contains("\"msg\":\"request\"") && $0.contains("\"method\":\"POST\"")
        }.count
        #expect(
            handled == completed.load(ordering: .relaxed),
            "server handled \(handled), clients got \(completed.load(ordering: .relaxed)) whole responses; \(failures.withLock { $0 })")
        #expect(eventsAccepted.load(ordering: .relaxed) >= clients * 10)
        #expect(lines.last?.contains("\"msg\":\"stopped\"") == true)
    }
}
