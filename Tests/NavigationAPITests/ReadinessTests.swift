import NavigationAPI
import TestSupport
import Testing

/// `GET /readyz`: 200 while serving, 503 `draining` once the server is stopping,
/// while everything else is still answered.
@Suite("Readiness", .timeLimit(.minutes(10)), .hangGuard)
struct ReadinessTests {
    @Test func readyWhileServingThen503WhileDraining() throws {
        let server = try TestServer()
        let client = server.client()
        let ready = try client.request("GET", "/readyz")
        #expect(ready.status == 200)
        #expect(ready.text == #"{"status":"ready"}"#)
        #expect(ready.header("Content-Type") == "application/json; charset=utf-8")
        #expect(try client.request("HEAD", "/readyz").status == 200)

        server.api.readiness.beginDraining()
        let draining = try client.request("GET", "/readyz")
        expectProblem(draining, 503, "draining")
        #expect(try client.request("HEAD", "/readyz").status == 503)
        // Still serving: liveness and sessions answer as before.
        #expect(try client.request("GET", "/healthz").status == 200)
        _ = try client.createSession("exchange")
    }

    @Test func otherMethodsAre405() throws {
        let server = try TestServer()
        let response = try server.client().request("POST", "/readyz")
        expectProblem(response, 405, "method-not-allowed")
        #expect(response.header("Allow") == "GET, HEAD")
    }
}
