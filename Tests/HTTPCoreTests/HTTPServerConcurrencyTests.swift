import Foundation
import HTTPCore
import Synchronization
import TestSupport
import Testing

/// Many clients at once: every response belongs to its own request.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerConcurrencyTests {
    @Test func manyThreadsGetTheirOwnAnswers() throws {
        let threadCount = 8
        let requestsPerThread = 200
        try withEchoServer { server in
            let failures = LockedBox<[String]>([])
            let answered = Atomic<Int>(0)
            let finished = DispatchGroup()
            for thread in 0..<threadCount {
                finished.enter()
                let port = server.port
                Thread.detachNewThread {
                    defer { finished.leave() }
                    do {
                        // Half the threads reuse one connection, half reconnect
                        // every 20 requests, so both paths see contention.
                        var connection = try TestHTTPConnection(port: port)
                        for request in 0..<requestsPerThread {
                            if thread.isMultiple(of: 2), request.isMultiple(of: 20) {
                                connection = try TestHTTPConnection(port: port)
                            }
                            let id = "t\(thread)-r\(request)"
                            let response = try connection.request(
                                "POST", "/echo/\(id)?id=\(id)",
                                headers: [("X-Test", id)], body: Array(id.utf8)
                            )
                            let echoed = [
                                response.headers["X-Path"], response.headers["X-Query"],
                                response.headers["X-Echo-Test"], response.bodyText,
                            ]
                            if echoed != ["/echo/\(id)", "id=\(id)", id, id] {
                                failures.withLock { $0.append("\(id) got \(echoed)") }
                            } else {
                                answered.add(1, ordering: .relaxed)
                            }
                        }
                    } catch {
                        failures.withLock { $0.append("thread \(thread): \(error)") }
                    }
                }
            }
            try finished.wait(for: "\(threadCount) threads to get their answers")
            #expect(failures.withLock { $0 } == [])
            #expect(answered.load(ordering: .relaxed) == threadCount * requestsPerThread)
        }
    }
}
