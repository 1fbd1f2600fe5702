/// The effects of one session: those asked for and waiting for an outcome,
/// the counter that names them, and the time and random numbers a change
/// may read. One per session, shared by every environment derived from its
/// root's.
final class EffectLedger {
    /// An effect waiting for its outcome, with the handler that takes it.
    struct Pending {
        let request: EffectRequest
        /// The coordinator that asked: its finishing drops the effect. Not
        /// kept alive by it, as a screen's is not: the session's tree must be
        /// freed with the session, pending effects or not.
        var coordinator: Coordinator? { asker.coordinator }
        let asker: CoordinatorReference
        let handler: (EffectOutcome) -> Void
    }

    // `@exclusivity(unchecked)`: see `Session`'s stored properties for why.
    @exclusivity(unchecked) private(set) var pending: [Pending] = []
    @exclusivity(unchecked) private var counter = 0
    /// Requests made and effects dropped or delivered so far: lets a
    /// refused event see whether it touched the effects.
    @exclusivity(unchecked) private(set) var revision = 0
    /// The version the change being applied will produce.
    @exclusivity(unchecked) private var version = 0
    /// Milliseconds since 1970 when the change being applied was accepted.
    @exclusivity(unchecked) private(set) var now: Int64 = 0
    var random: SessionRandom
    /// While a recorded change is replayed: the patch markers its record
    /// holds, which are the only patches ``patched(_:)`` answers true for.
    /// Nil while changes are applied live.
    @exclusivity(unchecked) private var replayedPatches: [String]?
    /// The patches ``patched(_:)`` answered true for live in the change
    /// that produces ``markedVersion``, in the order first asked: the
    /// markers its record keeps. Kept by version, not cleared by every
    /// change: a change that asks no patch pays nothing.
    @exclusivity(unchecked) private var markedPatches: [String] = []
    @exclusivity(unchecked) private var markedVersion = 0

    init(seed: UInt64) {
        random = SessionRandom(seed: seed)
    }

    /// Starts a change: the version it produces and the time it was accepted.
    func begin(version: Int, time: Int64) {
        self.version = version
        now = time
    }

    /// Replays the changes that follow with the markers of a recorded
    /// change (empty for one without), or, given nil, applies them live.
    func replayPatches(_ recorded: [String]?) {
        replayedPatches = recorded
    }

    /// Whether the change being applied takes the patched branch `id`: live,
    /// always (and `id` is marked); in a replay, where its record marked it.
    func patched(_ id: String) -> Bool {
        if let replayedPatches { return replayedPatches.contains(id) }
        if markedVersion != version {
            markedPatches = [id]
            markedVersion = version
        } else if !markedPatches.contains(id) {
            markedPatches.append(id)
        }
        return true
    }

    /// The markers of the live change that produced `version`; nil when it
    /// asked no patch.
    func patches(markedIn version: Int) -> [String]? {
        markedVersion == version && replayedPatches == nil ? markedPatches : nil
    }

    /// Forgets the markers of a live change that was refused without
    /// changing anything: the next change makes the same version.
    func forgetMarkedPatches() {
        markedVersion = 0
    }

    func request(_ effect: Effect, by coordinator: Coordinator, then handler: @escaping (EffectOutcome) -> Void) -> String {
        counter += 1
        revision += 1
        let request = EffectRequest(
            id: CounterName.spell("e", counter), name: effect.name, input: effect.input, coordinator: coordinator.id, version: version)
        pending.append(Pending(request: request, asker: coordinator.reference, handler: handler))
        return request.id
    }

    /// The pending effect `id`, no longer pending; nil when it is not
    /// pending (its coordinator finished, or it had its outcome).
    func take(_ id: String) -> Pending? {
        guard let index = pending.firstIndex(where: { $0.request.id == id }) else { return nil }
        revision += 1
        return pending.remove(at: index)
    }

    /// Drops the pending effects whose coordinator is no longer live: their
    /// outcomes will be recorded but not delivered.
    func dropPending(unless isLive: (Coordinator) -> Bool) {
        guard !pending.isEmpty else { return }
        // Taken out first, so that what a dropped handler held is freed
        // outside any access to `pending`.
        var kept = pending
        pending = []
        let before = kept.count
        kept.removeAll { $0.coordinator.map { !isLive($0) } ?? true }
        if kept.count != before { revision += 1 }
        pending = kept
    }

    /// Drops every pending effect: the session ended.
    func dropAll() {
        guard !pending.isEmpty else { return }
        revision += 1
        let dropped = pending
        pending = []
        withExtendedLifetime(dropped) {}
    }
}
