import Platform
import TestSupport
import Testing

/// `--max-connections-per-client`: one address cannot take every connection.
/// By default it holds at most a quarter of `--max-connections`; the rest of
/// its connections are closed as they arrive, unanswered (libmicrohttpd
/// cannot answer them), and other clients are served as before.
@Suite("Connections per client", .timeLimit(.minutes(10)), .hangGuard)
struct ConnectionsPerClientTests {
    /// Slow clients from one address, each sending a request's head one byte
    /// at a time and never finishing it.
    private final class Trickle {
        let clients: [TestHTTPClient]
        /// The clients a send has failed on: the server closed them.
        private(set) var closed: Set<Int> = []
        private let head = Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Padding: \(String(repeating: "p", count: 64))\r\n".utf8)
        private var position = 0

        init(count: Int, port: Int, from address: String) {
            clients = (0..<count).map { _ in TestHTTPClient(port: port, sourceAddress: address) }
        }

        /// Sends every open client the next byte of the head.
        func sendNextByte() {
            for (index, client) in clients.enumerated() where !closed.contains(index) {
                if (try? client.send([head[position % head.count]])) == nil { closed.insert(index) }
            }
            position += 1
        }

        var openCount: Int { clients.count - closed.count }

        /// Sends a byte to every open client, then runs `between`, every
        /// `interval`: at least three times (a refused client fails a send
        /// by the second), then until `open` clients are left or a generous
        /// bound passes.
        func sendBytes(every interval: Duration, untilOpen open: Int, between: () throws -> Void) rethrows {
            let giveUp = ContinuousClock.now + .seconds(30)
            var rounds = 0
            while rounds < 3 || (openCount != open && ContinuousClock.now < giveUp) {
                sendNextByte()
                try between()
                rounds += 1
                let (seconds, attoseconds) = interval.components
                usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            }
        }
    }

    /// The issue's attack: 1,000 slow connections from one address against
    /// `--max-connections 1000`, one header byte every two seconds. Without a
    /// limit per client they hold every connection and `/healthz` hangs for
    /// everyone; with the default, 250 are held, 750 are closed, and a client
    /// from another address is served all along.
    @Test func aThousandSlowConnectionsFromOneAddressLeaveRoomForOthers() throws {
        SlowClientTests.raiseDescriptorLimit(to: 8192)
        let server = try LaunchedServer(["--max-connections", "1000", "--max-streams", "500", "--store", "memory"])
        let trickle = Trickle(count: 1000, port: server.port, from: "127.0.0.2")
        let other = TestHTTPClient(port: server.port, sourceAddress: "127.0.0.1")
        try trickle.sendBytes(every: .seconds(2), untilOpen: 250) { () throws in
            #expect(try other.request("GET", "/healthz").status == 200)
        }
        #expect(trickle.openCount == 250)
        // One more from the same address is closed unanswered: its request gets no response.
        let refused = TestHTTPClient(port: server.port, sourceAddress: "127.0.0.2")
        #expect(throws: TestClientError.self) { try refused.request("GET", "/healthz") }
        // A new client from anywhere else still gets in.
        #expect(try TestHTTPClient(port: server.port, sourceAddress: "127.0.0.3").request("GET", "/healthz").status == 200)
        #expect(try server.stop().status == 0)
    }

    /// A limit given is the limit; 0 lifts it.
    @Test(arguments: [("3", 3), ("0", 30)])
    func theFlagSetsTheLimit(flag: String, held: Int) throws {
        let server = try LaunchedServer(
            ["--max-connections", "40", "--max-streams", "20", "--max-connections-per-client", flag, "--store", "memory"])
        let trickle = Trickle(count: 30, port: server.port, from: "127.0.0.2")
        trickle.sendBytes(every: .milliseconds(500), untilOpen: held) {}
        #expect(trickle.openCount == held)
        #expect(try server.client().request("GET", "/healthz").status == 200)
        #expect(try server.stop().status == 0)
    }
}
