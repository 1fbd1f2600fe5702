import Platform

/// Where and how an ``HTTPServer`` listens, and the limits it enforces.
public struct HTTPServerConfiguration: Sendable {
    /// An IPv4 literal (`"0.0.0.0"` for every interface), `"localhost"`
    /// (bound as 127.0.0.1), or an IPv6 literal such as `"::1"`, `"::"` or
    /// `"[::1]"`. Host names are not resolved.
    public var host: String = "127.0.0.1"
    /// The TCP port; 0 picks a free one, readable from ``HTTPServer/port`` after start.
    public var port: Int = 8080
    /// Worker threads, each with its own epoll loop; a connection stays on one.
    public var threads: Int = HTTPServerConfiguration.activeProcessorCount
    /// Largest request body accepted; larger ones get
    /// ``HTTPRequestRejection/bodyTooLarge(limit:)`` and are never buffered.
    public var maxBodyBytes: Int = 1 << 20
    /// Seconds the server keeps reading, and dropping, what a client still
    /// sends after an early answer, so that a client which writes its whole
    /// request before reading gets the answer rather than a connection
    /// reset. Early answers are the 413 for a declared `Content-Length` over
    /// ``maxBodyBytes`` (sent at once, so `Expect: 100-continue` clients never
    /// upload) and libmicrohttpd's own 400, 414 and 431: the server sends the
    /// answer, ends its side, then reads until the client closes or a bound
    /// is reached ("lingering close"). An over-limit chunked body is instead
    /// read to its end within these bounds and then answered 413. None of
    /// these connections is kept alive.
    ///
    /// Past this time or ``lingeringDiscardBytes`` the client is cut off: the
    /// connection is closed, a client still sending sees a reset, and a
    /// chunked body gets no answer at all. At most ``connectionLimit``
    /// connections linger at once (beyond it they close at once); lingering
    /// connections no longer count against the connection limits.
    /// 0 turns lingering off (an over-limit chunked body is then cut off at
    /// once).
    public var lingeringSeconds: Int = 5
    /// The most bytes read and dropped per early-answered request: after the
    /// answer, or for a chunked body, beyond ``maxBodyBytes``.
    public var lingeringDiscardBytes: Int = 8 << 20
    /// Simultaneous connections across all threads; further clients are refused.
    public var connectionLimit: Int = 1024
    /// Simultaneous connections from one IP address (an IPv6 address
    /// whole, not its /64), across all threads; 0 means unlimited.
    /// libmicrohttpd accepts a further connection from that address and
    /// closes it at once, unanswered: it has no way to answer it. The client
    /// reads end of stream, or a reset if it had sent something already.
    public var perIPConnectionLimit: Int = 0
    /// Seconds a connection may stay idle before it is closed; 0 means never.
    public var connectionTimeoutSeconds: Int = 30
    /// Per-connection memory for the request line, headers and I/O buffers.
    /// A request whose line and headers do not fit (about 400 bytes less
    /// than this) is answered by libmicrohttpd itself (431 or 414) without
    /// reaching the handler. libmicrohttpd clears the whole of it after every
    /// request, so its size is CPU time per request as well as memory per
    /// connection: 16 KiB costs ~10 µs less per request than 64 KiB
    /// (bench/README.md, "Connection memory").
    public var connectionMemoryLimitBytes: Int = 16 * 1024
    /// libmicrohttpd's `MHD_USE_TURBO`: skips some system calls (no
    /// `shutdown()` before `close()`, fewer listen-socket checks).
    public var turbo: Bool = true
    /// The kernel send buffer (`SO_SNDBUF`) of a connection sending an
    /// ``HTTPStream``; 0 leaves the system's autotuning, which lets it grow
    /// to megabytes for a client that does not read. Kept small, a slow
    /// reader soon fills the stream's own bounded queue.
    public var streamSendBufferBytes: Int = 64 * 1024

    public init() {}

    /// Online processors, read without Foundation.
    static var activeProcessorCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// A readable reason the configuration cannot work, or `nil` when it can.
    func invalidityReason() -> String? {
        if !(0...65_535).contains(port) {
            return "port \(port) is outside 0...65535"
        }
        if threads < 1 || threads > 1024 {
            return "threads must be in 1...1024, got \(threads)"
        }
        if maxBodyBytes < 0 {
            return "maxBodyBytes must not be negative, got \(maxBodyBytes)"
        }
        if lingeringSeconds < 0 || lingeringSeconds > 3600 {
            return "lingeringSeconds must be in 0...3600, got \(lingeringSeconds)"
        }
        if lingeringDiscardBytes < 0 {
            return "lingeringDiscardBytes must not be negative, got \(lingeringDiscardBytes)"
        }
        if connectionLimit < 1 || connectionLimit > Int(UInt32.max) {
            return "connectionLimit must be in 1...\(UInt32.max), got \(connectionLimit)"
        }
        if perIPConnectionLimit < 0 || perIPConnectionLimit > Int(UInt32.max) {
            return "perIPConnectionLimit must be 0 (unlimited) or positive, got \(perIPConnectionLimit)"
        }
        if connectionTimeoutSeconds < 0 || connectionTimeoutSeconds > Int(UInt32.max) {
            return "connectionTimeoutSeconds must be 0 (never) or positive, got \(connectionTimeoutSeconds)"
        }
        if streamSendBufferBytes < 0 {
            return "streamSendBufferBytes must not be negative, got \(streamSendBufferBytes)"
        }
        if connectionMemoryLimitBytes < 4096 {
            return "connectionMemoryLimitBytes must be at least 4096, got \(connectionMemoryLimitBytes)"
        }
        return nil
    }
}
