import TestSupport
import Testing

/// `--connection-memory`: how large a request line plus headers the server
/// takes. libmicrohttpd answers what does not fit (431 here) itself.
@Suite("Connection memory", .timeLimit(.minutes(10)), .hangGuard)
struct ConnectionMemoryTests {
    /// Eight headers sharing `bytes` bytes of values.
    private static func headers(totalling bytes: Int) -> [(String, String)] {
        (0..<8).map { ("X-Pad-\($0)", String(repeating: "p", count: bytes / 8)) }
    }

    private static func status(_ server: LaunchedServer, headerBytes: Int) throws -> Int {
        try server.client().request("GET", "/healthz", headers: headers(totalling: headerBytes)).status
    }

    @Test func theDefaultTakesTwelveKibibytesOfHeadersAndRefusesTwentyOrALongerURL() throws {
        let server = try LaunchedServer(["--store", "memory"])
        #expect(try Self.status(server, headerBytes: 12 * 1024) == 200)
        #expect(try Self.status(server, headerBytes: 20 * 1024) == 431)
        #expect(try Self.status(server, headerBytes: 100) == 200)
        let longTarget = "/healthz?" + String(repeating: "q", count: 20 * 1024)
        #expect(try server.client().request("GET", longTarget).status == 414)
    }

    @Test func raisingItTakesLargerHeaders() throws {
        let server = try LaunchedServer(["--store", "memory", "--connection-memory", "65536"])
        #expect(try Self.status(server, headerBytes: 20 * 1024) == 200)
        #expect(try Self.status(server, headerBytes: 60 * 1024) == 200)
        #expect(try Self.status(server, headerBytes: 70 * 1024) == 431)
    }
}
