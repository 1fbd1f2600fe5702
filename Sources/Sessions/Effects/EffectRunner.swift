import Coordination
import Dispatch
import Platform

/// Performs the effects that sessions' coordinators ask for, outside every
/// session's lock and every request's thread, and hands each outcome back
/// to the registry, which records it and delivers it as a change of its
/// session.
///
/// Each effect is performed once per instance at a time (``claim(_:)``),
/// and its outcome taken once: the first of the performer's answer and the
/// timeout wins. An effect whose session was restored from the journal
/// without an outcome is performed again with the same idempotency key
/// (``resume(_:of:requestedAt:)``), unless its input held a secret.
final class EffectRunner: Sendable {
    /// What the registry did with an outcome.
    enum Delivery: Sendable {
        /// Recorded (delivered or dropped), or already recorded by another instance.
        case recorded
        /// The session ended or expired: nothing to record.
        case sessionGone
        /// The store refused: try again a little later.
        case retry
    }

    let options: EffectOptions
    /// Whether other instances share the store: then a pending effect this
    /// instance did not start may be in flight on another one.
    let storeIsShared: Bool
    let counters = EffectCounters()
    private let performers: [String: EffectPerformer]
    private let inFlight = Locked<[EffectKey: InFlight]>([:])
    /// Effects started here whose outcomes are not recorded yet, and who
    /// waits for them: one lock, so that a wait never misses a recording.
    private let unrecorded = Locked(Unrecorded())
    /// Set once by the registry: records an outcome.
    private let deliver = Locked<(@Sendable (EffectKey, EffectOutcome) -> Delivery)?>(nil)
    /// Set once by the registry: the pending effects of a session this
    /// instance knows, for a takeover once they have waited long enough.
    private let resumeLater = Locked<(@Sendable (String) -> Void)?>(nil)
    private let queue = DispatchQueue(label: "navigation.effects", attributes: .concurrent)
    /// How long a refused record is retried before the outcome is given up.
    static let deliveryRetrySeconds = 60.0

    private struct InFlight {
        let name: String
        let startedAt: Int
    }

    private struct Waiter {
        var remaining: Set<String>
        let done: Locked<(@Sendable () -> Void)?>
    }

    private struct Unrecorded {
        var keys: Set<EffectKey> = []
        var waiters: [String: [Waiter]] = [:]
    }

    init(options: EffectOptions, storeIsShared: Bool) {
        self.options = options
        self.storeIsShared = storeIsShared
        var byName: [String: EffectPerformer] = [:]
        for performer in options.performers { byName[performer.name] = performer }
        performers = byName
    }

    func connect(
        deliver: @escaping @Sendable (EffectKey, EffectOutcome) -> Delivery, resumeLater: @escaping @Sendable (String) -> Void
    ) {
        self.deliver.withLock { $0 = deliver }
        self.resumeLater.withLock { $0 = resumeLater }
    }

    /// Starts the effects a change asked for.
    func start(_ requests: [EffectRequest], of sessionID: String) {
        for request in requests { perform(request, of: sessionID) }
    }

    /// The pending effects of a session restored from its store (or found
    /// pending by the sweep): each one this instance is not performing is
    /// performed again with the same idempotency key; one whose input held
    /// a secret is `interrupted` instead. With a shared store, an effect
    /// younger than the timeout may be in flight on the instance that asked
    /// for it, a secret one too: it is left until it is that old, then taken
    /// over (or interrupted).
    func resume(_ requests: [EffectRequest], of sessionID: String, requestedAt: (EffectRequest) -> Int64, now: Int64) {
        var waitFor: Double?
        for request in requests {
            let key = EffectKey(sessionID: sessionID, effectID: request.id)
            guard inFlight.withLock({ $0[key] == nil }) else { continue }
            // First, as for any effect: on a shared store, the instance that asked may
            // still be performing it (a secret one included); it is not this one's yet.
            let age = Double(now - requestedAt(request)) / 1000
            if storeIsShared && age < options.timeout {
                waitFor = min(waitFor ?? .infinity, options.timeout - age)
                continue
            }
            if request.holdsSecret {
                guard claim(key) else { continue }
                counters.started(request.name)
                let message = "The request was interrupted before it was answered. Try again."
                complete(key, name: request.name, outcome: .failure(EffectFailure(.interrupted, reason: message)), startedAt: nil)
                continue
            }
            perform(request, of: sessionID)
        }
        if let waitFor {
            queue.asyncAfter(deadline: .now() + waitFor + 0.05) { [resumeLater] in
                resumeLater.withLock { $0 }?(sessionID)
            }
        }
    }

    /// Soon, off the caller's thread: ``resume(_:of:requestedAt:now:)`` for
    /// the pending effects of session `sessionID`, just restored from its store.
    func scheduleResume(of sessionID: String) {
        queue.async { [resumeLater] in resumeLater.withLock { $0 }?(sessionID) }
    }

    /// Calls `done` once, on some thread, when every effect of `ids` in
    /// session `sessionID` has its outcome recorded, or after `seconds`.
    func wait(for ids: [String], of sessionID: String, atMost seconds: Double, then done: @escaping @Sendable () -> Void) {
        let once = Locked<(@Sendable () -> Void)?>(done)
        let waiting = unrecorded.withLock { state in
            let remaining = Set(ids.filter { state.keys.contains(EffectKey(sessionID: sessionID, effectID: $0)) })
            guard !remaining.isEmpty else { return false }
            state.waiters[sessionID, default: []].append(Waiter(remaining: remaining, done: once))
            return true
        }
        guard waiting else {
            once.withLock { $0.take() }?()
            return
        }
        queue.asyncAfter(deadline: .now() + max(0, seconds)) { once.withLock { $0.take() }?() }
    }

    /// Effect `key` has its outcome recorded: the waiters on it are told.
    func recorded(_ key: EffectKey) {
        let finished: [Locked<(@Sendable () -> Void)?>] = unrecorded.withLock { state in
            state.keys.remove(key)
            guard var list = state.waiters[key.sessionID] else { return [] }
            for index in list.indices { list[index].remaining.remove(key.effectID) }
            let done = list.filter { $0.remaining.isEmpty }.map(\.done)
            list.removeAll { $0.remaining.isEmpty }
            state.waiters[key.sessionID] = list.isEmpty ? nil : list
            return done
        }
        for done in finished { done.withLock { $0.take() }?() }
    }

    /// Whether effect `key` is being performed by this instance now.
    func isInFlight(_ key: EffectKey) -> Bool {
        inFlight.withLock { $0[key] != nil }
    }

    private func perform(_ request: EffectRequest, of sessionID: String) {
        let key = EffectKey(sessionID: sessionID, effectID: request.id)
        let startedAt = SystemClock.monotonicNanoseconds()
        guard claim(key) else { return }
        inFlight.withLock { $0[key] = InFlight(name: request.name, startedAt: startedAt) }
        counters.started(request.name)
        let call = EffectCall(sessionID: sessionID, effectID: request.id, name: request.name, input: request.input)
        queue.asyncAfter(deadline: .now() + options.timeout) { [self] in
            take(key, .failure(EffectFailure(.timedOut)))
        }
        guard let performer = performers[request.name] else {
            let message = "No service performs '\(request.name)' on this server."
            queue.async { [self] in take(key, .failure(EffectFailure(.unavailable, reason: message))) }
            return
        }
        queue.async { [self] in
            performer.perform(call) { [self] outcome in take(key, outcome) }
        }
    }

    /// Whether effect `key` is this caller's to perform: false when this
    /// instance performs it already, or has its outcome and is recording
    /// it. A session restored twice at once, or resumed again before its
    /// outcome is recorded, performs (or interrupts) each effect once.
    private func claim(_ key: EffectKey) -> Bool {
        unrecorded.withLock { $0.keys.insert(key).inserted }
    }

    /// The first outcome of an effect in flight; later ones are ignored.
    private func take(_ key: EffectKey, _ outcome: EffectOutcome) {
        guard let flight = inFlight.withLock({ $0.removeValue(forKey: key) }) else { return }
        complete(key, name: flight.name, outcome: outcome, startedAt: flight.startedAt)
    }

    private func complete(_ key: EffectKey, name: String, outcome: EffectOutcome, startedAt: Int?) {
        let seconds = startedAt.map { Double(SystemClock.monotonicNanoseconds() - $0) / 1e9 } ?? 0
        counters.ended(name, outcome, seconds: seconds)
        queue.async { [self] in record(key, outcome, giveUpAt: SystemClock.monotonicNanoseconds() + Int(Self.deliveryRetrySeconds * 1e9)) }
    }

    /// Hands the outcome to the registry; a refusal of the store is tried
    /// again every second until `giveUpAt`.
    private func record(_ key: EffectKey, _ outcome: EffectOutcome, giveUpAt: Int) {
        guard let deliver = deliver.withLock({ $0 }) else { return }
        switch deliver(key, outcome) {
        case .recorded, .sessionGone:
            recorded(key)
        case .retry:
            guard SystemClock.monotonicNanoseconds() < giveUpAt else {
                recorded(key)
                return
            }
            queue.asyncAfter(deadline: .now() + 1) { [self] in record(key, outcome, giveUpAt: giveUpAt) }
        }
    }
}
