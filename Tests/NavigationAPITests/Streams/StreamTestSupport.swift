import Coordination
import NavigationAPI
import Platform
import TestSupport
import Testing

extension TestServer {
    /// Opens `GET <session>/stream` (plus `query`) on a new connection.
    func openStream(
        _ session: ClientSession, query: String = "", headers: [(String, String)] = [], receiveBufferBytes: Int32? = nil
    ) throws -> EventStreamClient {
        try EventStreamClient(
            port: port, path: session.path + "/stream" + query, headers: headers, receiveBufferBytes: receiveBufferBytes)
    }

    /// A metric from `GET /metrics`.
    func metric(_ name: String) throws -> Double? {
        try PrometheusTextParser(client().request("GET", "/metrics").text).value(name)
    }

    /// Polls `/metrics` until `name` is `value`; throws after the bound
    /// against a hang (no deadline the test asserts).
    func awaitMetric(_ name: String, equals value: Double) throws {
        try waitUntil("\(name) to be \(value) on /metrics", pollingEvery: 0.02) { try metric(name) == value }
    }
}

extension NavigationAPI.Options {
    static func streams(_ streams: StreamOptions) -> NavigationAPI.Options {
        NavigationAPI.Options(streams: streams)
    }
}

/// Checks that `message` is the session document of `expected`, by content.
func expectSessionMessage(
    _ message: StreamMessage?, _ expected: ClientSession, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(message?.event == "session", sourceLocation: sourceLocation)
    #expect(message?.version == expected.version, sourceLocation: sourceLocation)
    #expect(message?.document == expected.document, sourceLocation: sourceLocation)
}

/// The stream's message at `expected`'s version, after those before it: an
/// answer that waited for the outcomes of the effects its event started (a
/// login) is at a later version than the event, and the stream has a
/// message for each.
func nextSessionMessage(_ stream: EventStreamClient, reaching expected: ClientSession) throws -> StreamMessage? {
    var message = try stream.nextEvent()
    while message?.event == "session", let version = message?.version, version < expected.version {
        message = try stream.nextEvent()
    }
    return message
}
