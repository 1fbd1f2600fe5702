/// The bounds of live-update streams (`GET /v1/sessions/{id}/stream`).
public struct StreamOptions: Sendable {
    /// Open streams across the server; past it, 503 `too-many-streams`.
    /// Each also holds a connection, so the connection limit must allow it.
    public var maxStreams: Int
    /// Open streams on one session; past it, 429 `too-many-subscribers`.
    public var maxStreamsPerSession: Int
    /// Open streams from one client (its address, as the creation rate
    /// counts it); past it, 429 `too-many-client-streams`. By default a
    /// tenth of ``maxStreams``, so one address cannot take them all.
    public var maxStreamsPerClient: Int
    /// Seconds between `: keep-alive` comments on every stream: they keep
    /// proxies from closing idle streams and are how a client that went
    /// away is noticed and freed.
    public var keepAliveSeconds: Double
    /// Bytes a stream may have queued and unsent; past it (a client reading
    /// too slowly) the stream is closed with a comment saying so, and the
    /// client resumes with `Last-Event-ID`.
    public var queueBytes: Int

    public init(
        maxStreams: Int = 10_000, maxStreamsPerSession: Int = 100, maxStreamsPerClient: Int? = nil,
        keepAliveSeconds: Double = 15, queueBytes: Int = 1 << 20
    ) {
        self.maxStreams = maxStreams
        self.maxStreamsPerSession = maxStreamsPerSession
        self.maxStreamsPerClient = maxStreamsPerClient ?? Self.defaultStreamsPerClient(maxStreams: maxStreams)
        self.keepAliveSeconds = keepAliveSeconds
        self.queueBytes = queueBytes
    }

    /// A tenth of `maxStreams`, at least one.
    public static func defaultStreamsPerClient(maxStreams: Int) -> Int {
        max(1, maxStreams / 10)
    }
}
