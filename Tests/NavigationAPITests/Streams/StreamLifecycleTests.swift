import Coordination
import HTTPCore
import NavigationAPI
import Platform
import Sessions
import TestSupport
import Testing

/// How streams are bounded, kept and freed.
@Suite("Live updates: limits and lifecycle", .timeLimit(.minutes(10)), .hangGuard)
struct StreamLifecycleTests {
    @Test func pastMaxStreamsIs503WithRetryAfter() throws {
        let server = try TestServer(
            options: .streams(StreamOptions(maxStreams: 2, maxStreamsPerClient: 2, keepAliveSeconds: 0.05)))
        let client = server.client()
        let first = try client.createSession("exchange")
        let second = try client.createSession("exchange")
        let open = [try server.openStream(first), try server.openStream(second)]
        #expect(open.allSatisfy { $0.status == 200 })
        let refused = try server.openStream(first)
        expectStreamRefused(refused, 503, "too-many-streams", retryAfter: "2")

        // A closed stream frees its slot (noticed by a keep-alive write).
        open[0].disconnect()
        try server.awaitMetric("navigation_streams_open", equals: 1)
        #expect(try server.openStream(first).status == 200)
    }

    @Test func pastTheClientLimitIs429AndOtherClientsAreServed() throws {
        let options = NavigationAPI.Options(
            trustForwardedFor: true, streams: StreamOptions(maxStreams: 10, maxStreamsPerClient: 2, keepAliveSeconds: 0.05))
        let server = try TestServer(options: options)
        let session = try server.client().createSession("exchange")
        let one = [("X-Forwarded-For", "192.0.2.1")]
        let open = [try server.openStream(session, headers: one), try server.openStream(session, headers: one)]
        #expect(open.allSatisfy { $0.status == 200 })
        let refused = try server.openStream(session, headers: one)
        expectStreamRefused(refused, 429, "too-many-client-streams", retryAfter: "2")
        // Another client is served; the refusal held no slot.
        let other = try server.openStream(session, headers: [("X-Forwarded-For", "192.0.2.2")])
        #expect(other.status == 200)
        #expect(try server.metric("navigation_streams_open") == 3)
        // A closed stream gives its client a slot back.
        open[0].disconnect()
        try server.awaitMetric("navigation_streams_open", equals: 2)
        #expect(try server.openStream(session, headers: one).status == 200)
    }

    @Test func theDefaultClientLimitIsATenthOfTheServers() {
        #expect(StreamOptions().maxStreamsPerClient == 1_000)
        #expect(StreamOptions(maxStreams: 25).maxStreamsPerClient == 2)
        #expect(StreamOptions(maxStreams: 5).maxStreamsPerClient == 1)
    }

    @Test func pastTheSessionLimitIs429() throws {
        let server = try TestServer(options: .streams(StreamOptions(maxStreamsPerSession: 2)))
        let client = server.client()
        let session = try client.createSession("exchange")
        let other = try client.createSession("exchange")
        let open = [try server.openStream(session), try server.openStream(session)]
        #expect(open.allSatisfy { $0.status == 200 })
        let refused = try server.openStream(session)
        expectStreamRefused(refused, 429, "too-many-subscribers", retryAfter: "2")
        // Other sessions are not affected, and the refusal held no slot.
        #expect(try server.openStream(other).status == 200)
        #expect(try server.metric("navigation_streams_open") == 3)
    }

    /// The keep-alive comes after the connection timeout has passed: the
    /// stream, suspended while idle, was not cut.
    @Test func anIdleStreamOutlivesTheConnectionTimeout() throws {
        let server = try TestServer(options: .streams(StreamOptions(keepAliveSeconds: 2.5))) { http in
            http.connectionTimeoutSeconds = 1
        }
        let client = server.client()
        var session = try client.createSession("exchange")
        let stream = try server.openStream(session)
        expectSessionMessage(try stream.nextEvent(), session)
        #expect(try stream.next()?.comments == ["keep-alive"])
        // A new connection: the first one idled past the timeout.
        try server.client().apply("select", ["code": "USD"], to: &session)
        expectSessionMessage(try stream.nextEvent(), session)
    }

    @Test func aClientThatWentAwayIsFreed() throws {
        let server = try TestServer(options: .streams(StreamOptions(keepAliveSeconds: 0.05)))
        let session = try server.client().createSession("exchange")
        let stream = try server.openStream(session)
        expectSessionMessage(try stream.nextEvent(), session)
        #expect(try server.metric("navigation_streams_open") == 1)
        #expect(server.registry.feed.subscriberCount(of: session.id) == 1)
        stream.disconnect()
        // Noticed by a failed keep-alive write, with no event on the session.
        try server.awaitMetric("navigation_streams_open", equals: 0)
        #expect(server.registry.feed.subscriberCount(of: session.id) == 0)
        #expect(server.server.openStreamCount == 0)
    }

    @Test func aGracefulStopEndsEveryStream() throws {
        let server = try TestServer()
        let client = server.client()
        let sessions = [try client.createSession("exchange"), try client.createSession("app")]
        let streams = try sessions.map { try server.openStream($0) }
        for (stream, session) in zip(streams, sessions) { expectSessionMessage(try stream.nextEvent(), session) }
        // Far longer than the test may take: a stop that waited for the
        // clients would hang here rather than end the streams.
        server.server.stop(deadline: 600)
        for stream in streams {
            let last = try stream.next()
            #expect(last?.comments.first?.hasPrefix("closed: the server is stopping") == true)
            #expect(try stream.next() == nil)
        }
    }

    @Test func aSlowReaderIsClosedWhileTheWriterAndOtherStreamsCarryOn() throws {
        let server = try TestServer(options: .streams(StreamOptions(queueBytes: 8 * 1024))) { http in
            http.streamSendBufferBytes = 4096
        }
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        // Never read until the end: its socket, then its queue, fill up.
        let slow = try server.openStream(session, receiveBufferBytes: 2048)
        let reader = try server.openStream(session)
        let first = session.version
        expectSessionMessage(try reader.nextEvent(), session)
        var sent = 0
        var overflowed = false
        while !overflowed && sent < 5000 {
            try client.apply("convert", ["amount": .number(Double(sent + 1))], to: &session)
            sent += 1
            // The other stream keeps up: it reads each version before the next
            // is written, so its queue never holds more than one, however
            // slowly a loaded machine lets the server write it out.
            let next = try reader.nextEvent()
            try #require(next?.version == session.version, "the reader was cut off: \(String(describing: next))")
            overflowed = try server.metric("navigation_streams_overflowed_total") == 1
        }
        #expect(overflowed)

        // The slow client reads what reached it, then why it was closed.
        var lastVersion = 0
        var reason: String?
        while let message = try slow.next() {
            if let version = message.version {
                #expect(version == (lastVersion == 0 ? first : lastVersion + 1))
                lastVersion = version
            }
            if let comment = message.comments.first(where: { $0.hasPrefix("closed:") }) { reason = comment }
        }
        #expect(reason?.contains("reads too slowly") == true)
        #expect(lastVersion < session.version)
        // It resumes where it stopped.
        let resumed = try server.openStream(session, headers: [("Last-Event-ID", String(lastVersion))])
        expectSessionMessage(try resumed.nextEvent(), session)
    }

    @Test func theKeyMayComeAsAQueryParameterOnTheStreamOnly() throws {
        let key = "stream-test-key-0123456789abcdef"
        let server = try TestServer(
            options: NavigationAPI.Options(
                apiKey: APIKey(key), cors: CORSPolicy(allowedOrigins: ["https://app.example.com"])))
        let client = server.client()
        let session = try client.createSession("exchange", headers: [("Authorization", "Bearer \(key)")])
        #expect(try server.openStream(session).status == 401)
        #expect(try server.openStream(session, query: "?key=wrong").status == 401)
        let withHeader = try server.openStream(session, headers: [("Authorization", "Bearer \(key)")])
        #expect(withHeader.status == 200)
        let withQuery = try server.openStream(session, query: "?key=\(key)", headers: [("Origin", "https://app.example.com")])
        #expect(withQuery.status == 200)
        #expect(withQuery.header("Access-Control-Allow-Origin") == "https://app.example.com")
        expectSessionMessage(try withQuery.nextEvent(), session)
        // Nowhere else.
        #expect(try client.request("GET", session.path + "?key=\(key)").status == 401)
    }
}
