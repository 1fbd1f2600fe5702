import HTTPCore
import Platform
import TestSupport
import Testing

/// `perIPConnectionLimit`: one address holds at most that many connections;
/// libmicrohttpd closes a further one unanswered, and other addresses are
/// served as before.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerConnectionsPerClientTests {
    @Test func connectionsPastTheLimitOfOneAddressAreClosedUnansweredWhileOthersAreServed() throws {
        let handler = EchoHandler()
        try withEchoServer(
            handler: handler,
            configure: { configuration in
                configuration.connectionLimit = 8
                configuration.perIPConnectionLimit = 3
                configuration.threads = 2
            }
        ) { server in
            // Three connections from 127.0.0.2, each holding a request it never finishes (not `/held`, which the handler holds).
            let held = try (0..<3).map { _ in try TestHTTPConnection(port: server.port, sourceAddress: "127.0.0.2") }
            for connection in held { try connection.send("GET /unfinished HTTP/1.1\r\n") }
            // A fourth from the same address is accepted by the kernel, then closed without a byte.
            let refused = try TestHTTPConnection(port: server.port, sourceAddress: "127.0.0.2")
            #expect(refused.isClosedByServer())
            #expect(throws: TestHTTPError.self) { try refused.readResponse() }
            // The held ones are still open, and another address is served.
            for connection in held { #expect(!connection.isClosedByServer(waitingUpTo: 0.2)) }
            let other = try TestHTTPConnection(port: server.port, sourceAddress: "127.0.0.3")
            #expect(try other.request("GET", "/other").status == 200)
            // Once one held connection ends, the address may connect again.
            try held[0].send("Host: x\r\nConnection: close\r\n\r\n")
            #expect(try held[0].readResponse().status == 200)
            #expect(held[0].isClosedByServer())
            var again: TestHTTPResponse?
            for _ in 0..<50 where again == nil {
                again = try? TestHTTPConnection(port: server.port, sourceAddress: "127.0.0.2").request("GET", "/again")
                if again == nil { usleep(20_000) }
            }
            #expect(again?.status == 200)
        }
    }
}
