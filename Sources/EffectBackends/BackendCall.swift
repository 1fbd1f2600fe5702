/// One effect to perform over HTTP: every attempt of it, until an outcome.
public struct BackendCall: Sendable {
    /// `--effect-timeout`'s default, in seconds.
    public static let defaultTimeout: Double = 10
    /// The longest `Idempotency-Key` or `X-Request-ID` value sent.
    public static let maxHeaderValueLength = 256

    /// The backend's URL (from `--backend NAME=URL`).
    public var url: BackendURL
    /// The request body: the effect's input as compact JSON.
    public var body: [UInt8]
    /// `<session id>.<effect id>`: the same on every attempt and after a
    /// restart, so a backend that honours `Idempotency-Key` acts once.
    public var idempotencyKey: String
    /// Sent as `X-Request-ID`, so the backend's logs and ours can be
    /// joined: the server sends the effect's `<session id>.<effect id>`,
    /// which its log line for the effect's outcome names too.
    public var requestID: String
    /// Seconds for the whole call, including waiting for a connection slot,
    /// every attempt and the pauses between them. Not a positive number
    /// means the call times out at once.
    public var timeout: Double

    public init(url: BackendURL, body: [UInt8], idempotencyKey: String, requestID: String, timeout: Double = defaultTimeout) {
        self.url = url
        self.body = body
        self.idempotencyKey = idempotencyKey
        self.requestID = requestID
        self.timeout = timeout
    }

    /// Why the call's header values cannot be sent, or `nil` when they can:
    /// each must be 1 to ``maxHeaderValueLength`` visible ASCII characters,
    /// so nothing can be smuggled into the request's headers.
    var headerProblem: String? {
        for (name, value) in [("Idempotency-Key", idempotencyKey), ("X-Request-ID", requestID)] {
            let fits = !value.isEmpty && value.utf8.count <= Self.maxHeaderValueLength
            if !fits || !value.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
                return "the call's \(name) is not 1 to \(Self.maxHeaderValueLength) visible ASCII characters"
            }
        }
        return nil
    }

    /// `timeout` as a number of seconds the clock can add: 0 for anything
    /// not positive (NaN included), at most a day.
    var boundedTimeout: Double {
        timeout > 0 ? min(timeout, 86_400) : 0
    }
}
