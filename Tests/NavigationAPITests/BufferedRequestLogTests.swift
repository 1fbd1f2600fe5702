import Coordination
import Foundation
import TestSupport
import Testing

/// Request log lines wait in per-thread buffers (nginx's `access_log …
/// buffer= flush=`): a graceful stop must still write every one of them,
/// whole, before its last line.
@Suite("Buffered request log", .timeLimit(.minutes(10)), .hangGuard)
struct BufferedRequestLogTests {
    /// Enough lines that each thread's buffer fills and is written several
    /// times while other threads write theirs (~180 bytes a line, 32 KiB a buffer).
    private static let clients = 4
    private static let requestsPerClient = 300

    @Test func gracefulStopWritesEveryRequestLineWholeAndBeforeTheLastLine() throws {
        let server = try LaunchedServer(["--threads", "2", "--log-format", "json"])
        let port = server.port
        let failures = LockedBox<[String]>([])
        try runOnThreads(Self.clients) { client in
            let connection = TestHTTPClient(port: port)
            for index in 0..<Self.requestsPerClient {
                let requestID = "c\(client)-r\(index)"
                let status = (try? connection.request("GET", "/healthz", headers: [("X-Request-ID", requestID)]).status) ?? 0
                if status != 200 { failures.withLock { $0.append("\(requestID): \(status)") } }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)

        let (status, log) = try server.stop(SIGTERM)
        #expect(status == 0)
        // Whole lines: every line is one JSON object, none cut or run together.
        let lines = try log.map { line in try #require(try? JSONParser.parse(line), "not a whole JSON line: \(line)") }
        let requestIDs = lines.filter { $0["msg"]?.stringValue == "request" }.compactMap { $0["request_id"]?.stringValue }
        let sent = (0..<Self.clients).flatMap { client in (0..<Self.requestsPerClient).map { "c\(client)-r\($0)" } }
        #expect(requestIDs.count == sent.count)
        #expect(Set(requestIDs) == Set(sent))
        // Each connection's lines keep their order.
        for client in 0..<Self.clients {
            let ofClient = requestIDs.filter { $0.hasPrefix("c\(client)-") }
            #expect(ofClient == (0..<Self.requestsPerClient).map { "c\(client)-r\($0)" })
        }
        #expect(lines.last?["msg"]?.stringValue == "stopped")
    }
}
