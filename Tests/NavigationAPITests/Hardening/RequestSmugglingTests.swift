import Coordination
import TestSupport
import Testing

/// Request heads that a proxy in front could read differently from this
/// server (request smuggling) are 400 `malformed-request`, answered from the
/// head and closed: the bytes a proxy would take for a body never run here
/// as a request of their own.
@Suite("Request smuggling", .timeLimit(.minutes(10)), .hangGuard)
struct RequestSmugglingTests {
    /// Each shape, with `{smuggled}` where a second request hides: one that
    /// would end the session if it ran.
    static let shapes: [(name: String, head: String)] = [
        (
            "two different Content-Length",
            "POST /v1/flows HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nContent-Length: {length}\r\n\r\n{smuggled}"
        ),
        (
            "Content-Length with a space before the colon",
            "POST /v1/flows HTTP/1.1\r\nHost: localhost\r\nContent-Length : {length}\r\n\r\n{smuggled}"
        ),
        ("Transfer-Encoding identity", "POST /v1/flows HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: identity\r\n\r\n{smuggled}"),
        ("Transfer-Encoding xchunked", "POST /v1/flows HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: xchunked\r\n\r\n{smuggled}"),
        (
            "Transfer-Encoding chunked, identity",
            "POST /v1/flows HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n{smuggled}"
        ),
        (
            "Transfer-Encoding with Content-Length",
            "POST /v1/flows HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: {length}\r\n\r\n0\r\n\r\n{smuggled}"
        ),
        ("a NUL in the target", "GET /healthz\u{0}/v1/flows HTTP/1.1\r\nHost: localhost\r\n\r\n{smuggled}"),
        ("a control byte in the target", "GET /v1/flows\u{1} HTTP/1.1\r\nHost: localhost\r\n\r\n{smuggled}"),
        ("bare LF line ends", "GET /healthz HTTP/1.1\nHost: x\n\n{smuggled}"),
        ("an obs-fold line", "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-A: b\r\n Transfer-Encoding: chunked\r\n\r\n{smuggled}"),
        (
            "a CR alone in a header value",
            "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-A: b\rTransfer-Encoding: chunked\r\n\r\n{smuggled}"
        ),
        ("no Host in HTTP/1.1", "GET /healthz HTTP/1.1\r\n\r\n{smuggled}"),
    ]

    @Test(arguments: shapes.map(\.name))
    func aHeadAProxyCouldReadDifferentlyIs400ThatCloses(name: String) throws {
        let server = try TestServer()
        let client = server.client()
        let session = try client.createSession("mail")
        let smuggled = "DELETE \(session.path) HTTP/1.1\r\nHost: localhost\r\n\r\n"
        let shape = try #require(Self.shapes.first { $0.name == name }).head
        let head = shape.replacing("{length}", with: String(smuggled.utf8.count))
            .replacing("{smuggled}", with: smuggled)

        let attacker = server.client()
        try attacker.send(Array(head.utf8))
        let response = try attacker.readResponse()
        expectProblem(response, 400, "malformed-request")
        #expect(response.header("Connection")?.lowercased() == "close")
        #expect(response.header("X-Content-Type-Options") == "nosniff")
        #expect(attacker.serverClosedConnection())
        // The hidden DELETE never ran.
        #expect(try client.request("GET", session.path).status == 200)
    }

    /// The same requests, written as HTTP/1.1 says, are served.
    @Test func theWellFormedSpellingsAreServed() throws {
        let server = try TestServer()
        let client = server.client()
        try client.send(
            Array(
                "POST /v1/sessions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8
            ))
        try client.send(Array("f\r\n{\"flow\":\"mail\"}\r\n0\r\n\r\n".utf8))
        #expect(try client.readResponse().status == 201)
        try client.send(Array("GET /healthz HTTP/1.0\r\n\r\n".utf8))
        #expect(try client.readResponse().status == 200)
    }
}
