import TestSupport
import Testing

/// Every answer of the API carries `X-Content-Type-Options: nosniff` once,
/// so that no browser guesses another type than the one declared (a
/// problem's detail read as HTML, a JSON document as script).
@Suite("X-Content-Type-Options", .timeLimit(.minutes(10)), .hangGuard)
struct ContentTypeOptionsTests {
    @Test func everyKindOfAnswerSaysNoSniffOnce() throws {
        let server = try TestServer(maxBodyBytes: 1024)
        let client = server.client()
        let session = try client.createSession("mail")
        let answers: [(String, TestResponse)] = [
            ("the web client, which sets it too", try client.request("GET", "/")),
            ("JSON", try client.request("GET", "/healthz")),
            ("a session", try client.request("GET", session.path)),
            ("a problem", try client.request("GET", "/v1/nowhere")),
            ("the YAML contract", try client.request("GET", "/openapi.yaml")),
            ("an early 413", try server.client().request("POST", "/v1/sessions", body: [UInt8](repeating: 32, count: 2048))),
        ]
        for (what, response) in answers {
            #expect(response.headers.filter { $0.name.lowercased() == "x-content-type-options" }.map(\.value) == ["nosniff"], "\(what)")
        }
        let stream = try server.openStream(session)
        #expect(stream.status == 200)
        #expect(stream.headers.filter { $0.name.lowercased() == "x-content-type-options" }.map(\.value) == ["nosniff"])
    }
}
