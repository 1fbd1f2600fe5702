import Foundation
import HTTPCore
import TestSupport
import Testing

/// Many requests waiting for deferred answers at once hold no worker thread.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct DeferredResponseLoadTests {
    @Test func manyWaitingRequestsLeaveTheWorkerThreadsFree() throws {
        let waitingCount = 500
        let handler = DeferringHandler()
        try withServer(handler: handler, configure: { $0.threads = 2 }) { server in
            let connections = try (0..<waitingCount).map { _ in try TestHTTPConnection(port: server.port, timeoutSeconds: 60) }
            for (index, connection) in connections.enumerated() {
                try connection.sendRequest("GET", "/defer/\(index)")
            }
            #expect(waitUntil(seconds: 120) { server.openDeferredResponseCount == waitingCount })

            // Answered while every deferred request still waits: no worker
            // thread is held by them.
            let plain = try TestHTTPConnection(port: server.port, timeoutSeconds: 60).request("GET", "/plain")
            #expect(plain.bodyText == "plain")
            let waiting = handler.deferred.withLock { $0 }
            #expect(waiting.count == waitingCount)
            #expect(waiting.allSatisfy { $0.response.isWaiting })
            #expect(server.openDeferredResponseCount == waitingCount)

            // Completed from four threads at once, in an order of their own.
            let completers = DispatchGroup()
            for first in 0..<4 {
                completers.enter()
                Thread.detachNewThread {
                    defer { completers.leave() }
                    for entry in waiting[first...].enumerated().compactMap({ $0.offset % 4 == 0 ? $0.element : nil }).reversed() {
                        entry.response.complete(with: HTTPResponse(status: 200, body: Array("answer \(entry.path)".utf8)))
                    }
                }
            }
            #expect(completers.wait(timeout: .now() + 120) == .success)
            for (index, connection) in connections.enumerated() {
                #expect(try connection.readResponse().bodyText == "answer /defer/\(index)")
            }
            #expect(waitUntil { server.openDeferredResponseCount == 0 })
        }
    }

    /// Completions racing the suspension (before it, during it, after it)
    /// are never lost, and every connection stays alive through them.
    @Test func completionsRacingTheSuspensionAreNeverLost() throws {
        try withServer(handler: DeferringHandler(), configure: { $0.threads = 2 }) { server in
            let failures = LockedBox<[String]>([])
            let finished = DispatchGroup()
            for client in 0..<4 {
                finished.enter()
                let port = server.port
                Thread.detachNewThread {
                    defer { finished.leave() }
                    do {
                        let connection = try TestHTTPConnection(port: port, timeoutSeconds: 60)
                        for index in 0..<250 {
                            let text = "\(client)-\(index)"
                            let response = try connection.request("GET", "/race/\(text)")
                            if response.bodyText != text { failures.withLock { $0.append("\(text): \(response.bodyText)") } }
                        }
                    } catch {
                        failures.withLock { $0.append("client \(client): \(error)") }
                    }
                }
            }
            #expect(finished.wait(timeout: .now() + 300) == .success)
            #expect(failures.withLock { $0 } == [])
            #expect(waitUntil { server.openDeferredResponseCount == 0 })
        }
    }
}
