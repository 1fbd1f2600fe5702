import Coordination
import TestSupport
import Testing

/// Requests refused before their body is read, sent by a client that writes
/// the whole request before reading anything (as Python's `http.client`
/// does): the client reads the answer instead of a connection reset, because
/// the server keeps reading and dropping the rest for a bounded while.
@Suite("Early errors", .timeLimit(.minutes(10)), .hangGuard)
struct EarlyErrorTests {
    private static let threeMiB = 3 << 20

    /// The server, and a client whose small send buffer makes a 3 MiB upload
    /// complete only as the server reads it.
    private struct Target {
        let server: TestServer
        let client: TestHTTPClient

        init() throws {
            server = try TestServer(maxBodyBytes: 64 * 1024)
            client = TestHTTPClient(port: server.port, sendBufferBytes: 64 * 1024)
        }

        func expectStillServing(sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(try server.client().request("GET", "/healthz").status == 200, sourceLocation: sourceLocation)
            #expect(server.registry.count == 0, sourceLocation: sourceLocation)
        }
    }

    @Test func threeMebibytesWithContentLengthAre413() throws {
        let target = try Target()
        let body = [UInt8](repeating: UInt8(ascii: " "), count: Self.threeMiB)
        let response = try target.client.request(
            "POST", "/v1/sessions", headers: [("Content-Type", "application/json")], body: body)
        expectProblem(response, 413, "body-too-large")
        // Answered before its body arrived, the connection is not reused.
        #expect(response.header("Connection")?.lowercased() == "close")
        try target.expectStillServing()
    }

    @Test func threeMebibytesChunkedAre413() throws {
        let target = try Target()
        var request = Array(
            ("POST /v1/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n").utf8)
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 0x10000) + Array("\r\n".utf8)
        for _ in 0..<(Self.threeMiB / 0x10000) { request += chunk }
        request += Array("0\r\n\r\n".utf8)
        try target.client.send(request)
        let response = try target.client.readResponse()
        expectProblem(response, 413, "body-too-large")
        #expect(response.header("Connection")?.lowercased() == "close")
        try target.expectStillServing()
    }

    /// libmicrohttpd answers these itself (not problem+json: they never reach
    /// the API), and the answer is readable all the same.
    @Test func headersOverTheMemoryLimitBeforeABodyAre431() throws {
        let target = try Target()
        let huge = String(repeating: "h", count: 100 * 1024)
        let response = try target.client.request(
            "POST", "/v1/sessions", headers: [("X-Huge", huge)], body: [UInt8](repeating: 1, count: Self.threeMiB))
        #expect(response.status == 431)
        try target.expectStillServing()
    }
}
