import Coordination
import Foundation
import Synchronization
import Testing

/// SIGTERM while clients are busy: every request the server took in gets its
/// whole response, then the process exits 0 within the stop deadline.
@Suite("Graceful shutdown under load")
struct GracefulShutdownTests {
    @Test func sigtermWhileClientsSendEventsLosesNoAcceptedRequest() throws {
        let executable = ServerExecutableTests.executableURL
        try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no binary at \(executable.path)")
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--port=0", "--threads", "2", "--log-format", "json"]
        process.environment = [:]
        let output = Pipe()
        let log = Pipe()
        process.standardOutput = output
        process.standardError = log
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        var firstLine = ""
        while !firstLine.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += String(decoding: chunk, as: UTF8.self)
        }
        let prefix = "navigation-server listening on http://127.0.0.1:"
        try #require(firstLine.hasPrefix(prefix), "\(firstLine)")
        let port = try #require(Int(firstLine.dropFirst(prefix.count).trimmingCharacters(in: .newlines)))
        // The log pipe must be drained while the server runs, or it blocks on a full pipe.
        let logText = LockedBox<[UInt8]>([])
        let logDrained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = log.fileHandleForReading.readDataToEndOfFile()
            logText.withLock { $0 = Array(data) }
            logDrained.signal()
        }

        let completed = Atomic<Int>(0)
        let failures = LockedBox<[String]>([])
        let eventsAccepted = Atomic<Int>(0)
        let started = Atomic<Int>(0)
        let clients = 8
        let stopper = Thread {
            // Let every client get going, then stop the server under them.
            while started.load(ordering: .relaxed) < clients * 20 { usleep(1_000) }
            kill(process.processIdentifier, SIGTERM)
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
                let body: JSONValue = top == "s1"
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

        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(15)
        while process.isRunning && clock.now < deadline { usleep(10_000) }
        try #require(!process.isRunning, "the server did not exit after SIGTERM")
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        logDrained.wait()

        // Every request the server handled (one log line each) reached its client whole.
        let lines = String(decoding: logText.withLock { $0 }, as: UTF8.self).split(separator: "\n")
        let handled = lines.filter {
            $0.contains("\"msg\":\"request\"") && $0.contains("\"method\":\"POST\"")
        }.count
        #expect(handled == completed.load(ordering: .relaxed),
                "server handled \(handled), clients got \(completed.load(ordering: .relaxed)) whole responses; \(failures.withLock { $0 })")
        #expect(eventsAccepted.load(ordering: .relaxed) >= clients * 10)
        #expect(lines.last?.contains("\"msg\":\"stopped\"") == true)
    }
}

