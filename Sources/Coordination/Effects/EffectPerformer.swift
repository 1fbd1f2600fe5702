/// Performs the effects of one name (``Effect/name``) in the server's own
/// process: a demo service, or a rule that needs no backend. The server
/// also makes one for each backend it is configured with
/// (`--backend NAME=URL`), which replaces an in-process one of the same name.
///
/// A performer runs outside every session, never under a session's lock;
/// it may take its time (the server times it out after `--effect-timeout`)
/// and calls its completion once, from any thread.
public struct EffectPerformer: Sendable {
    public let name: String
    let body: @Sendable (EffectCall, @escaping @Sendable (EffectOutcome) -> Void) -> Void

    /// A performer that answers later: `perform` starts the work and calls
    /// its completion once, from any thread, when the outcome is known.
    public init(_ name: String, perform: @escaping @Sendable (EffectCall, @escaping @Sendable (EffectOutcome) -> Void) -> Void) {
        self.name = name
        self.body = perform
    }

    /// A performer whose answer is computed at once from the input (a demo
    /// service): `answer` runs on the effects' own queue.
    public static func immediate(_ name: String, _ answer: @escaping @Sendable (JSONValue) -> EffectOutcome) -> EffectPerformer {
        EffectPerformer(name) { call, completion in completion(answer(call.input)) }
    }

    /// Starts `call`.
    public func perform(_ call: EffectCall, completion: @escaping @Sendable (EffectOutcome) -> Void) {
        body(call, completion)
    }
}

/// One effect for a performer: which session asked, its id and input, and
/// the key that makes performing it again harmless.
public struct EffectCall: Sendable, Equatable {
    public let sessionID: String
    /// The effect's id in its session (`e1`).
    public let effectID: String
    public let name: String
    public let input: JSONValue

    public init(sessionID: String, effectID: String, name: String, input: JSONValue) {
        self.sessionID = sessionID
        self.effectID = effectID
        self.name = name
        self.input = input
    }

    /// `<session id>.<effect id>`: the same every time this effect is
    /// performed (after a restart, or by another instance), so that a
    /// backend honouring it acts once. Sent as `Idempotency-Key`.
    public var idempotencyKey: String { sessionID + "." + effectID }
}
