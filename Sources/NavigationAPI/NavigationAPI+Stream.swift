import Coordination
import HTTPCore
import Sessions

/// `GET /v1/sessions/{id}/stream`: live updates as Server-Sent Events.
extension NavigationAPI {
    /// Opens a stream of the session: the current document first (unless
    /// the client resumes at the session's version), then each change, then
    /// `event: ended`. 503 `too-many-streams` past ``StreamOptions/maxStreams``,
    /// 429 `too-many-client-streams` past ``StreamOptions/maxStreamsPerClient``,
    /// 429 `too-many-subscribers` past ``StreamOptions/maxStreamsPerSession``.
    func openStream(_ context: RequestContext) throws(Problem) -> HTTPResponse {
        let id = try context.sessionID()
        let since = try Self.resumeVersion(of: context.request)
        let retryAfter = [(name: "Retry-After", value: String(options.retryAfterSeconds))]
        let client = ClientKey.of(context.request, trustingForwardedFor: options.trustForwardedFor)
        do {
            try streams.reserve(for: client)
        } catch {
            var problem =
                switch error {
                case .serverFull:
                    Problem(
                        .tooManyStreams,
                        "the server holds its limit of \(streams.options.maxStreams) open streams; retry later or poll the session")
                case .clientFull:
                    Problem(
                        .tooManyClientStreams,
                        "this client holds its limit of \(streams.options.maxStreamsPerClient) open streams; close one, retry later or poll"
                    )
                }
            problem.headers = retryAfter
            throw problem
        }
        let hub = streams
        let subscriber = SessionEventStream(sessionID: id, queueBytes: hub.options.queueBytes) {
            hub.overflowed.add(1, ordering: .relaxed)
        }
        let subscription: SessionRegistry.Subscription
        do throws(Problem) {
            subscription = try useCase { () throws(NavigationError) in
                try self.registry.subscribe(
                    id, since: since, subscriber: subscriber, limit: streams.options.maxStreamsPerSession, by: context.caller)
            }
        } catch {
            streams.release(for: client)
            throw error
        }
        guard case .subscribed = subscription else {
            streams.release(for: client)
            var problem = Problem(
                .tooManySubscribers,
                "session '\(id)' has its limit of \(streams.options.maxStreamsPerSession) open streams; close one or retry later")
            problem.headers = retryAfter
            throw problem
        }
        let stream = subscriber.stream
        streams.add(stream)
        let sessions = registry
        stream.whenClosed { _ in
            sessions.unsubscribe(subscriber, from: id)
            hub.remove(stream, of: client)
        }
        return HTTPResponse(status: 200, headers: Self.streamHeaders, stream: stream)
    }

    /// The version the client has: `Last-Event-ID`, else `?since=`; `nil`
    /// for a new stream. A `Last-Event-ID` that is no version is ignored
    /// (the stream starts afresh), as EventSource may send any id it saw.
    static func resumeVersion(of request: HTTPRequest) throws(Problem) -> Int? {
        if let lastEventID = request.headers["Last-Event-ID"], let version = DecimalInteger.parse(lastEventID) {
            return version
        }
        guard request.queryItems().contains(where: { $0.name == "since" }) else { return nil }
        return try HistoryQuery(request).since
    }

    /// `X-Accel-Buffering: no` asks nginx-like proxies not to buffer the stream.
    static let streamHeaders: HTTPHeaders = [
        "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no",
    ]
}
