/// How fast one client may create sessions: a token bucket of `burst`
/// tokens per client, refilled at `perSecond` tokens a second; each
/// `POST /v1/sessions` takes one, whatever its outcome.
///
/// The limit gives every client its own share of session creation, so one
/// client cannot fill the session table in seconds and leave everyone else
/// with 429 until the idle TTL frees slots. It does nothing against many
/// clients at once; see SECURITY.md.
public struct CreationRate: Sendable, Equatable {
    /// The rates the server accepts: from one session in 1,000 s to a million a second.
    public static let perSecondRange: ClosedRange<Double> = 0.001...1_000_000
    /// The bucket sizes the server accepts.
    public static let burstRange: ClosedRange<Int> = 1...1_000_000

    /// 5 a second with a burst of 100: a hundred people behind one NAT may
    /// start at the same moment, and 18,000 sessions an hour from one address
    /// is far beyond one office's or one front end's normal use. Yet one
    /// address needs over half an hour to fill the default 10,000 sessions,
    /// and because idle sessions expire after the default 1,800 s, an address
    /// that only creates can never hold more than 100 + 5 × 1,800 = 9,100 of them.
    public static let `default` = CreationRate(perSecond: 5, burst: 100)

    /// Tokens added back per second.
    public let perSecond: Double
    /// The bucket's size: how many sessions a client with a full bucket may
    /// create at once.
    public let burst: Int

    /// Values outside ``perSecondRange`` and ``burstRange`` are clamped into
    /// them (the flags refuse them instead); NaN counts as the smallest rate.
    public init(perSecond: Double, burst: Int) {
        let range = Self.perSecondRange
        self.perSecond = perSecond.isNaN ? range.lowerBound : min(max(perSecond, range.lowerBound), range.upperBound)
        self.burst = min(max(burst, Self.burstRange.lowerBound), Self.burstRange.upperBound)
    }

    /// Nanoseconds for one token to come back; at most 10^12, so a full
    /// bucket (at most 10^18 ns) never overflows an `Int`.
    var tokenInterval: Int {
        max(1, Int((1e9 / perSecond).rounded()))
    }
}
