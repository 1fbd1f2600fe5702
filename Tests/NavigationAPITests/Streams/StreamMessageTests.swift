import Coordination
import NavigationAPI
import Platform
import Sessions
import TestSupport
import Testing

/// `GET /v1/sessions/{id}/stream`: what the messages say, in which order.
@Suite("Live updates: messages", .timeLimit(.minutes(10)), .hangGuard)
struct StreamMessageTests {
    @Test func everyChangeArrivesInOrderThenTheEnd() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("app")
        let stream = try server.openStream(session)
        #expect(stream.status == 200)
        #expect(stream.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(stream.header("Cache-Control") == "no-store")
        expectSessionMessage(try stream.nextEvent(), session)
        try expectEveryChangeThenTheEnd(of: &session, sentBy: client, on: stream)
    }

    @Test func twoStreamsOfOneSessionSeeTheSameMessages() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        let first = try server.openStream(session)
        let second = try server.openStream(session)
        try client.apply("select", ["code": "USD"], to: &session)
        try client.apply("convert", ["amount": 5], to: &session)
        for stream in [first, second] {
            let versions = try (0..<3).map { _ in try stream.nextEvent()?.version }
            #expect(versions == [1, 2, 3])
        }
    }

    @Test func anExpiredSessionEndsItsStream() throws {
        var limits = SessionLimits()
        limits.idleTimeout = 0.2
        let clock = TestClock(milliseconds: 1_796_112_000_000)
        let server = try TestServer(limits: limits, options: .streams(StreamOptions(keepAliveSeconds: 0.02)), clock: clock)
        let session = try server.client().createSession("exchange")
        let stream = try server.openStream(session)
        expectSessionMessage(try stream.nextEvent(), session)
        // Idle past the TTL on the registry's clock; keep-alives go out after
        // that, and are not activity: an open stream does not keep its session alive.
        clock.advance(milliseconds: 300)
        for _ in 0..<2 {
            let keepAlive = try stream.next()
            try #require(keepAlive?.comments == ["keep-alive"], "\(String(describing: keepAlive))")
        }
        try #require(server.registry.evictExpired() == 1)
        #expect(try stream.nextEvent()?.event == "ended")
        #expect(try stream.next() == nil)
    }

    @Test func lastEventIDResumesAfterThatVersion() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        // At the session's version: nothing until it changes.
        let current = try server.openStream(session, headers: [("Last-Event-ID", String(session.version))])
        // Behind it: the current document at once.
        let behind = try server.openStream(session, headers: [("Last-Event-ID", "1")])
        expectSessionMessage(try behind.nextEvent(), session)
        try client.apply("convert", ["amount": 7], to: &session)
        expectSessionMessage(try current.nextEvent(), session)
        expectSessionMessage(try behind.nextEvent(), session)
    }

    @Test func sinceResumesLikeLastEventID() throws {
        let server = try TestServer()
        let client = server.client()
        var session = try client.createSession("exchange")
        try client.apply("select", ["code": "USD"], to: &session)
        let current = try server.openStream(session, query: "?since=\(session.version)")
        let behind = try server.openStream(session, query: "?since=0")
        expectSessionMessage(try behind.nextEvent(), session)
        try client.apply("back", to: &session)
        expectSessionMessage(try current.nextEvent(), session)
        expectSessionMessage(try behind.nextEvent(), session)

        let malformed = try server.openStream(session, query: "?since=-1")
        expectStreamRefused(malformed, 400, "invalid-query")
    }

    @Test func anUnknownSessionIs404() throws {
        let server = try TestServer()
        let gone = ClientSession(id: "0123456789abcdef0123456789abcdef", document: [:])
        let stream = try server.openStream(gone)
        expectStreamRefused(stream, 404, "session-not-found")
        #expect(try server.metric("navigation_streams_open") == 0)
    }

    @Test func keepAliveCommentsArriveWhileIdle() throws {
        let server = try TestServer(options: .streams(StreamOptions(keepAliveSeconds: 0.05)))
        let session = try server.client().createSession("exchange")
        let stream = try server.openStream(session)
        expectSessionMessage(try stream.nextEvent(), session)
        let comment = try stream.next()
        #expect(comment?.comments == ["keep-alive"])
        #expect(comment?.event == nil && comment?.data == nil)
    }
}
