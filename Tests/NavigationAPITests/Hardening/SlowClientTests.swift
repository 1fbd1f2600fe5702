import Coordination
import Dispatch
import HTTPCore
import Platform
import Synchronization
import TestSupport
import Testing

/// Idle and byte-at-a-time connections hold sockets, not threads: a normal
/// client is still answered while 1,000 of them hang on.
@Suite("Slow and idle clients", .timeLimit(.minutes(10)), .hangGuard)
struct SlowClientTests {
    /// Lets this process hold a few thousand sockets (each connection is two
    /// descriptors here: the test's end and the in-process server's).
    static func raiseDescriptorLimit(to wanted: rlim_t) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    @Test func aThousandSlowConnectionsDoNotStarveANormalClient() throws {
        Self.raiseDescriptorLimit(to: 8192)
        let server = try TestServer { configuration in
            configuration.connectionLimit = 2048
            configuration.connectionTimeoutSeconds = 60
        }
        let normal = server.client()
        let session = try normal.createSession("exchange")

        // 500 connections that never send a byte, 500 that send a request one
        // byte at a time and never finish it.
        let slow = (0..<1000).map { _ in TestHTTPClient(port: server.port) }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Padding: \(String(repeating: "p", count: 200))\r\n".utf8)
        for (index, client) in slow.enumerated() {
            try client.send(index % 2 == 0 ? [] : [request[0]])
        }
        let stopTrickling = Atomic<Bool>(false)
        let trickled = Atomic<Int>(0)
        let trickler = DispatchGroup()
        trickler.enter()
        let byteAtATime = slow.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        nonisolated(unsafe) let unsafeByteAtATime = byteAtATime
        DispatchQueue.global().async {
            var position = 1
            while !stopTrickling.load(ordering: .relaxed) && position < request.count {
                for client in unsafeByteAtATime { try? client.send([request[position]]) }
                trickled.add(1, ordering: .relaxed)
                position += 1
                usleep(20_000)
            }
            trickler.leave()
        }

        // The normal client keeps working while they hang on (once the trickle is under way).
        try waitUntil("the trickle to get under way") { trickled.load(ordering: .relaxed) >= 3 }
        var answered = 0
        var mySession = session
        for round in 0..<40 {
            #expect(try normal.request("GET", "/healthz").status == 200)
            try normal.apply("convert", ["amount": .number(Double(round))], to: &mySession, orSelectFirst: round == 0)
            answered += 1
        }
        stopTrickling.store(true, ordering: .relaxed)
        try trickler.wait(for: "the trickle to stop")

        #expect(answered == 40)
        #expect(trickled.load(ordering: .relaxed) > 0)
        // The slow ones are still connected (nothing timed them out yet) and the server still accepts new clients.
        #expect(!slow[0].serverClosedConnection(within: 1))
        #expect(try server.client().request("GET", "/healthz").status == 200)
    }
}

extension TestHTTPClient {
    /// Selects USD first when asked, then converts `amount`.
    fileprivate func apply(_ event: String, _ payload: JSONValue, to session: inout ClientSession, orSelectFirst: Bool) throws {
        if orSelectFirst { try apply("select", ["code": "USD"], to: &session) }
        try apply(event, payload, to: &session)
    }
}
