extension Coordinator {
    /// Asks the server to perform `effect` and returns its id (`e1`, …) at
    /// once. `handler` runs later, with the outcome, as one change of the
    /// session of its own (a new version, like an event), under the
    /// session's lock: show what happens next from there.
    ///
    /// If this coordinator finishes first, the effect is dropped: its
    /// outcome is recorded but never delivered. Capture `self` unowned in
    /// `handler`, as in a screen's handlers: the session keeps the handler
    /// until the outcome comes, and must not keep the coordinator alive. Performing, retrying and
    /// timing out are the server's (``EffectFailure``); a replay of the
    /// session delivers the recorded outcome and performs nothing.
    @discardableResult
    public func perform(_ effect: Effect, then handler: @escaping (EffectOutcome) -> Void) -> String {
        environment.effects.request(effect, by: self, then: handler)
    }
}
