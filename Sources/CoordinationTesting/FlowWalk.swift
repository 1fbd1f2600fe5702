/// Random walks through a flow: the test that finds what scripted tests
/// miss. A walk reads each document as a thin client does, picks a screen
/// a user can touch and one of the events it lists, fills the payload from
/// the declared fields, and sends it; now and then it answers a pending
/// effect, opens one of `links`, or rebuilds the session from its journal
/// (a restart) and goes on with the rebuilt one. A session that finishes,
/// or reaches its event limit, is followed by a new one.
///
/// After every step it checks ``FlowInvariants`` and that:
/// - a handler never fails (``NavigationError/Kind/flowFailure``: it threw,
///   misused the router, or crashed out of its invariants);
/// - an event the document lists on a touchable screen is not refused as
///   unknown or inactive (the document promised it);
/// - a refusal changes nothing;
/// - the session rebuilt from its journal shows the same document and history.
///
/// It throws ``FlowWalkFailure`` on the first step that breaks one, with the
/// seed and the path: the same seed walks the same path again.
public enum FlowWalk {
    /// In percent of the steps: a replay, an effect answered (when one is
    /// pending), a link opened (when links are given).
    static let replayPercent = 5, outcomePercent = 40, linkPercent = 8

    /// Walks `steps` random steps through `flow`.
    ///
    /// - Parameters:
    ///   - context: the context every session of the walk starts with.
    ///   - links: deep links to open now and then (the flow may refuse them).
    ///   - outcome: how a backend answers a pending effect; by default an
    ///     ``EffectFailure`` (`unavailable` or `rejected`), which every
    ///     flow must handle. Answer nil to leave it pending this time.
    @discardableResult
    public static func random(
        _ flow: Flow, steps: Int, seed: UInt64, context: JSONValue? = nil, links: [String] = [],
        limits: SessionLimits = .default,
        outcome: @escaping (EffectRequest, inout SessionRandom) -> EffectOutcome? = FlowWalk.failureOutcome
    ) throws(FlowWalkFailure) -> FlowWalkReport {
        var walk = RandomWalk(
            flow: flow, seed: seed, context: context, links: links, limits: limits, outcome: outcome)
        try walk.run(steps: steps)
        return walk.report
    }

    /// Walks `steps` random steps through `flow` as ``random(_:steps:seed:context:links:limits:outcome:)``
    /// does, taking each step in a session of `twin` too: the proof that
    /// two flows are the same flow (a flow file and the Swift flow it was
    /// written from, or a rewrite and the code it replaces). Both start
    /// with the same context and seed; after the start and every step,
    /// both must have accepted it, or refused it for the same reason, and
    /// show the same document, byte for byte (coordinator type names,
    /// screen ids and params included). Steps are chosen from `flow`'s
    /// documents; a replay rebuilds both.
    @discardableResult
    public static func twins(
        _ flow: Flow, _ twin: Flow, steps: Int, seed: UInt64, context: JSONValue? = nil, links: [String] = [],
        limits: SessionLimits = .default,
        outcome: @escaping (EffectRequest, inout SessionRandom) -> EffectOutcome? = FlowWalk.failureOutcome
    ) throws(FlowWalkFailure) -> FlowWalkReport {
        var walk = RandomWalk(
            flow: flow, twin: twin, seed: seed, context: context, links: links, limits: limits, outcome: outcome)
        try walk.run(steps: steps)
        return walk.report
    }

    /// The default answer to an effect: it failed, as a backend that is
    /// down or says no.
    public static func failureOutcome(_ effect: EffectRequest, using random: inout SessionRandom) -> EffectOutcome? {
        Bool.random(using: &random) ? .failure(EffectFailure(.unavailable)) : .failure(EffectFailure(.rejected))
    }
}
