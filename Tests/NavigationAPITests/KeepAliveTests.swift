import Coordination
import TestSupport
import Testing

@Suite("Keep-alive", .timeLimit(.minutes(10)), .hangGuard)
struct KeepAliveTests {
    @Test func manyRequestsShareOneConnection() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        for round in 0..<120 {
            switch round % 4 {
            case 0: #expect(try client.request("GET", "/healthz").status == 200)
            case 1: #expect(try client.request("GET", session.path).status == 200)
            case 2: expectProblem(try client.request("GET", "/missing"), 404, "not-found")
            default:
                try client.apply("select", ["code": "EUR"], to: &session)
                try client.apply("back", to: &session)
            }
        }
        #expect(client.connectionsOpened == 1)
        #expect(session.version == 1 + 2 * 30)
    }

    /// The server closes a connection idle past its timeout; the test
    /// client, as any HTTP client, then opens a new one for its next
    /// request instead of failing it (a test's setup connection idles while
    /// a load runs, longer than the timeout under ThreadSanitizer).
    @Test func aConnectionTheServerClosedWhileIdleIsReplacedForTheNextRequest() throws {
        let server = try TestServer { http in http.connectionTimeoutSeconds = 1 }
        let client = server.client()
        let session = try client.createSession("exchange")
        try waitUntil("the server to close the idle connection") { client.hasBeenClosedByServer() }
        #expect(try client.request("GET", session.path).status == 200)
        #expect(client.connectionsOpened == 2)
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try TestServer()
        let client = server.client()
        let request = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\nGET /nope HTTP/1.1\r\nHost: localhost\r\n\r\n"
        try client.send(Array(request.utf8))
        #expect(try client.readResponse().status == 200)
        #expect(try client.readResponse().status == 404)
        #expect(client.connectionsOpened == 1)
    }
}
