import Coordination
import NavigationAPI
import Synchronization
import TestSupport
import Testing

/// The hardening suite's hammer, with streams open on the hammered session.
@Suite("Live updates: hammered session with 100 streams", .timeLimit(.minutes(10)), .hangGuard)
struct StreamHammerTests {
    /// 32 connections send `convert` events to one calculator while 100
    /// streams are open on it: every stream sees every accepted version,
    /// in order, none twice, each with the document of that version.
    @Test func everyStreamSeesEveryVersionInOrderOnce() throws {
        var limits = SessionLimits()
        limits.maxHistoryLength = 4096
        // The streams are read only after the hammer: each must queue every
        // version (256 documents of a few KiB) without the slow-reader bound.
        // Nor may the connection timeout cut them: a stream whose client
        // takes nothing for that long is closed, and under a loaded machine
        // (every suite at once) the hammer has outlasted the 30 s default.
        let server = try TestServer(
            limits: limits, options: .streams(StreamOptions(queueBytes: 8 << 20)), configure: { $0.connectionTimeoutSeconds = 600 })
        let setup = server.client()
        var session = try setup.createSession("exchange")
        try setup.apply("select", ["code": "USD"], to: &session)
        let startVersion = session.version
        let streams = try (0..<100).map { _ in
            try server.openStream(session, headers: [("Last-Event-ID", String(startVersion))])
        }
        let path = session.path + "/events"
        let screen = session.topID
        let port = server.port
        let connections = 32
        let eventsPerConnection = 8
        let accepted = LockedBox<[Int: JSONValue]>([:])
        let refused = LockedBox<[String]>([])
        try runOnThreads(connections) { connection in
            let client = TestHTTPClient(port: port)
            for attempt in 0..<eventsPerConnection {
                let amount = connection * 1000 + attempt + 1
                let body: JSONValue = [
                    "screen": .string(screen), "event": "convert", "payload": ["amount": .number(Double(amount))],
                ]
                do {
                    let response = try client.request("POST", path, json: body)
                    guard response.status == 200, let document = response.json, let version = document["version"]?.intValue else {
                        refused.withLock { $0.append("amount \(amount): \(response.status) \(response.text)") }
                        continue
                    }
                    accepted.withLock { $0[version] = document }
                } catch {
                    refused.withLock { $0.append("amount \(amount): \(error)") }
                }
            }
        }
        // Unconditional events on a screen that always takes them: every one is accepted.
        #expect(refused.withLock { $0 } == [])
        let documents = accepted.withLock { $0 }
        #expect(documents.count == connections * eventsPerConnection)
        // A new connection: under a slow run (ThreadSanitizer) the hammer can
        // outlast the connection timeout, and the server closes `setup`'s idle one.
        let finalVersion = try server.client().version(of: session)
        #expect(documents.count == finalVersion - startVersion)
        #expect(Array(documents.keys).sorted() == Array((startVersion + 1)...finalVersion))

        for stream in streams {
            var versions: [Int] = []
            while versions.last ?? startVersion < finalVersion, let message = try stream.nextEvent() {
                let version = try #require(message.version)
                versions.append(version)
                #expect(message.document == documents[version])
            }
            #expect(versions == Array((startVersion + 1)...finalVersion))
        }
    }
}
