import Foundation
import HTTPCore
import Synchronization
import TestSupport
import Testing

/// ``HTTPStream`` under contention: many streams written and closed from
/// other threads while the worker's reads suspend and resume their
/// connections. Each stream must deliver every byte, in order, and then end.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPStreamStressTests {
    /// Answers `/stream/<pieces>` with a stream a writer thread fills with
    /// `<pieces>` numbered pieces, yielding between them so that some sends
    /// find the connection suspended and some find it reading, then closes.
    private final class WritingHandler: HTTPHandler {
        func handle(_ request: HTTPRequest) -> HTTPResponse {
            let pieces = Int(request.path.split(separator: "/").last ?? "") ?? 0
            let stream = HTTPStream(capacityBytes: 1 << 20)
            Thread.detachNewThread {
                var random = SplitMix64(seed: UInt64(pieces))
                for piece in 0..<pieces {
                    stream.send([Array("\(piece),".utf8)])
                    for _ in 0..<Int(random.next() % 4) { sched_yield() }
                }
                stream.close(with: [Array("end".utf8)])
            }
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], stream: stream)
        }

        func response(for rejection: HTTPRequestRejection) -> HTTPResponse { HTTPResponse(status: 413) }
    }

    @Test func everyPieceOfEveryStreamArrivesInOrderBeforeTheEnd() throws {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        let server = HTTPServer(configuration: configuration, handler: WritingHandler())
        try server.start()
        defer { server.stop() }

        let clientCount = 8
        let streamsPerClient = 150
        let failures = LockedBox<[String]>([])
        let finished = DispatchGroup()
        for client in 0..<clientCount {
            finished.enter()
            let port = server.port
            Thread.detachNewThread {
                defer { finished.leave() }
                for index in 0..<streamsPerClient {
                    let pieces = 1 + (client * streamsPerClient + index) % 12
                    let expected = (0..<pieces).map { "\($0)," }.joined() + "end"
                    do {
                        let connection = try TestHTTPConnection(port: port, timeoutSeconds: 30)
                        let response = try connection.request("GET", "/stream/\(pieces)", headers: [("Connection", "close")])
                        let text = ChunkedBody.data(response.body)
                        if text != expected {
                            failures.withLock {
                                $0.append("\(pieces) pieces: got \(String(decoding: response.body, as: UTF8.self).debugDescription)")
                            }
                        }
                    } catch {
                        failures.withLock { $0.append("\(pieces) pieces: \(error)") }
                    }
                }
            }
        }
        try finished.wait(for: "\(clientCount) clients to read \(streamsPerClient) streams each")
        #expect(failures.withLock { $0 } == [])
    }
}
