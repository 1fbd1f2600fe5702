import Coordination
import Foundation
import NavigationAPI
import RedisStore
import Sessions
import TestSupport
import Testing

/// Live streams of sessions shared through Redis: a stream learns of what
/// another instance did (the change feed, `nav:changes`), and of what Redis
/// did by itself (expiry, noticed at a keep-alive).
@Suite("Live streams across instances", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct CrossInstanceStreamTests {
    /// A stream on the first instance, every event accepted by the second:
    /// each version arrives on the stream, in order, then `ended` when the
    /// second instance ends the session.
    @Test func aStreamOnOneInstanceSeesEveryVersionAnotherInstanceAnswers() throws {
        let redis = try RedisTestServer.secured()
        try SharedStoreChecks.aStreamOnOneInstanceSeesEveryVersionAnotherInstanceAnswers(try SeveralInstancesTests.launch(2, on: redis))
    }

    /// Redis expires an idle session itself, with no message: the stream
    /// learns of it at a keep-alive, and ends.
    @Test func aSessionRedisExpiredEndsItsStream() throws {
        let redis = try RedisTestServer()
        var limits = SessionLimits.default
        limits.idleTimeout = 1
        let store = RedisStore(url: try #require(RedisURL(redis.url)), idleTimeout: limits.idleTimeout)
        let server = try TestServer(limits: limits, options: .streams(StreamOptions(keepAliveSeconds: 0.2)), store: store)
        let session = try server.client().createSession("exchange")
        let stream = try server.openStream(session)
        expectSessionMessage(try stream.nextEvent(), session)

        // Keep-alives until Redis drops the session.
        var last: StreamMessage?
        try waitUntil("the stream to end after Redis expired its session", pollingEvery: 0) {
            last = try stream.next()
            return last == nil || last?.event != nil
        }
        #expect(last?.event == "ended")
        #expect(last?.document?["id"]?.stringValue == session.id)
        #expect(try stream.next() == nil)
        #expect(try server.client().request("GET", session.path).status == 404)
        #expect(server.registry.feed.subscriberCount(of: session.id) == 0)
    }
}
