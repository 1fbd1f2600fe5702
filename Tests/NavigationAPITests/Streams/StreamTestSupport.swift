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
        try client().metric(name)
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

/// Walks an `app` session through events, a push, back, a modal and its
/// dismissal by `client`, checking that each answer's document is the next
/// message on `stream`; then ends the session and checks that `ended`
/// follows and the stream closes.
func expectEveryChangeThenTheEnd(
    of session: inout ClientSession, sentBy client: TestHTTPClient, on stream: EventStreamClient,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let steps: [(String, JSONValue?)] = [
        ("next", nil), ("next", nil), ("login", ["username": "ada", "password": "secret"]),
        ("selectProfile", nil), ("back", nil), ("checkout", nil), ("dismiss", nil),
    ]
    for (event, payload) in steps {
        try client.apply(event, payload, to: &session, sourceLocation: sourceLocation)
        expectSessionMessage(try nextSessionMessage(stream, reaching: session), session, sourceLocation: sourceLocation)
    }
    #expect(try client.request("DELETE", session.path).status == 204, sourceLocation: sourceLocation)
    let ended = try stream.nextEvent()
    #expect(ended?.event == "ended", sourceLocation: sourceLocation)
    #expect(ended?.document?["id"]?.stringValue == session.id, sourceLocation: sourceLocation)
    #expect(try stream.next() == nil, sourceLocation: sourceLocation)
}

/// Checks that `stream` was refused with `status` and the problem `type`,
/// and, when given, that `Retry-After` says `retryAfter`.
func expectStreamRefused(
    _ stream: EventStreamClient, _ status: Int, _ type: String, retryAfter: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(stream.status == status, sourceLocation: sourceLocation)
    if let retryAfter { #expect(stream.header("Retry-After") == retryAfter, sourceLocation: sourceLocation) }
    #expect(stream.problem?["type"]?.stringValue == "urn:navigation-server:problem:" + type, sourceLocation: sourceLocation)
}
