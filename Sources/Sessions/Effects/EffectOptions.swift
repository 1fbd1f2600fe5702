import Coordination

/// How a registry performs effects.
public struct EffectOptions: Sendable {
    /// The performers by effect name; an effect no performer takes fails as
    /// ``EffectFailure/Kind/unavailable`` at once.
    public var performers: [EffectPerformer]
    /// Seconds an effect may take (`--effect-timeout`); then it is
    /// ``EffectFailure/Kind/timedOut``. Also how long an effect may stay
    /// pending, with a store shared by several instances, before another
    /// instance performs it (the one that asked may have died).
    public var timeout: Double
    /// Seconds the answer to a request that started effects waits for their
    /// outcomes (`--effect-wait`) before it answers with the session as it is.
    public var answerWait: Double

    public init(performers: [EffectPerformer] = [], timeout: Double = 10, answerWait: Double = 0.25) {
        self.performers = performers
        self.timeout = timeout
        self.answerWait = answerWait
    }
}
