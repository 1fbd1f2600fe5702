/// One ``FlowWalk`` under way: the session, the generator, the path.
struct RandomWalk {
    let flow: Flow
    /// Walked beside ``flow`` with the same steps (``FlowWalk/twins(_:_:steps:seed:context:links:limits:outcome:)``):
    /// every step must be accepted or refused by both alike and leave both
    /// on the same document bytes.
    let twinFlow: Flow?
    let seed: UInt64
    let context: JSONValue?
    let links: [String]
    let limits: SessionLimits
    let outcome: (EffectRequest, inout SessionRandom) -> EffectOutcome?
    private(set) var report = FlowWalkReport()
    private var random: SessionRandom
    private var path: [String] = []
    private var session: FlowTestSession?
    /// ``twinFlow``'s session, walked in step with the current one.
    private var twin: FlowTestSession?

    init(
        flow: Flow, twin: Flow? = nil, seed: UInt64, context: JSONValue?, links: [String], limits: SessionLimits,
        outcome: @escaping (EffectRequest, inout SessionRandom) -> EffectOutcome?
    ) {
        self.flow = flow
        twinFlow = twin
        self.seed = seed
        self.context = context
        self.links = links
        self.limits = limits
        self.outcome = outcome
        random = SessionRandom(seed: seed)
    }

    mutating func run(steps: Int) throws(FlowWalkFailure) {
        var current = try start()
        for step in 1...max(steps, 1) where steps > 0 {
            report.steps = step
            if current.isFinished || current.session.acceptedEvents.count >= limits.maxEventsPerSession {
                path.append("the session \(current.isFinished ? "finished" : "reached its event limit"); a new one starts")
                current = try start()
                report.sessions += 1
            }
            let next = try take(step: step, on: current)
            try checkTwin(of: next, at: step)
            if next !== current {
                let tracked = current.invariants
                current = next
                current.adopt(tracked)
            }
            let problems = current.invariantProblems
            guard problems.isEmpty else { throw failure(at: step, problems) }
        }
    }

    private mutating func start() throws(FlowWalkFailure) -> FlowTestSession {
        let sessionSeed = random.next()
        let started: FlowTestSession
        do {
            started = try FlowTestSession(flow: flow, context: context, limits: limits, seed: sessionSeed)
            report.screens.formUnion(started.stack.map(\.name))
        } catch {
            throw failure(at: report.steps, ["the flow did not start: \(error)"])
        }
        if let twinFlow {
            do {
                twin = try FlowTestSession(flow: twinFlow, context: context, limits: limits, seed: sessionSeed)
            } catch {
                throw failure(at: report.steps, ["the twin did not start: \(error)"])
            }
            try checkTwin(of: started, at: report.steps)
        }
        return started
    }

    /// The twin shows what `current` shows, byte for byte.
    private func checkTwin(of current: FlowTestSession, at step: Int) throws(FlowWalkFailure) {
        guard let twin else { return }
        let (document, twinDocument) = (current.session.document(), twin.session.document())
        guard document != twinDocument else { return }
        throw failure(
            at: step,
            [
                "the twin's document differs: \(String(decoding: twinDocument, as: UTF8.self)) instead of \(String(decoding: document, as: UTF8.self))"
            ])
    }

    // MARK: - One step

    private mutating func take(step: Int, on current: FlowTestSession) throws(FlowWalkFailure) -> FlowTestSession {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < FlowWalk.replayPercent {
            if let twin { self.twin = try replay(twin, step: step) }
            return try replay(current, step: step)
        }
        if let effect = current.pendingEffects.first, roll < FlowWalk.outcomePercent,
            let answer = outcome(effect, &random)
        {
            try perform("\(effect.name) answered \(Self.describe(answer))", step: step, on: current) { (session) throws(NavigationError) in
                try session.deliver(answer, to: effect.id)
            }
            return current
        }
        if !links.isEmpty, roll >= 100 - FlowWalk.linkPercent, let link = links.randomElement(using: &random) {
            try perform("link \(link)", step: step, on: current, listed: false) { (session) throws(NavigationError) in
                try session.open(link: link)
            }
            return current
        }
        let screens = DocumentScreens(document: current.document)
        let candidates = screens.touchable.flatMap { screen in screen.events.map { (screen, $0) } }
        guard let (screen, event) = candidates.randomElement(using: &random) else {
            throw failure(at: step, ["no screen a user can touch lists an event, and the session has not finished"])
        }
        guard let payload = RandomPayload.payload(for: event, tabs: screens.tabs, using: &random) else {
            path.append("\(event.name) on \(screen.name): no value to send, skipped")
            return current
        }
        let described = "\(event.name)\(payload.isEmpty ? "" : " \(JSONValue.object(payload))") on \(screen.name)"
        try perform(described, step: step, on: current) { (session) throws(NavigationError) in
            try session.send(ClientEvent(screen: screen.id, event: event.name, payload: payload))
        }
        return current
    }

    /// Takes one change; a refusal the flow is entitled to is counted, any
    /// other, or one that changed the session, fails the walk. The twin, when
    /// walked, takes it too and must accept it, or refuse it for the same
    /// reason, alike.
    private mutating func perform(
        _ described: String, step: Int, on current: FlowTestSession, listed: Bool = true,
        _ change: (FlowTestSession) throws(NavigationError) -> Void
    ) throws(FlowWalkFailure) {
        let before = (current.version, current.session.document(), current.routerCalls.count)
        var refusal: String?
        do {
            try change(current)
            path.append(described + " → accepted")
            report.accepted += 1
            report.screens.formUnion(current.stack.map(\.name))
        } catch {
            refusal = error.kind.rawValue
            path.append(described + " → \(error.kind.rawValue)")
            var problems: [String] = []
            if error.kind == .flowFailure {
                problems.append("a handler failed: \(error.detail)")
            } else if listed, error.kind == .eventNotAccepted || error.kind == .screenNotActive {
                problems.append("the document offered it, the session refused it: \(error.detail)")
            }
            if before != (current.version, current.session.document(), current.routerCalls.count) {
                problems.append("the refused change changed the session")
            }
            guard problems.isEmpty else { throw failure(at: step, problems) }
            report.refusals[error.kind, default: 0] += 1
        }
        guard let twin else { return }
        let theirs = Self.refusal(of: change, on: twin)
        guard theirs != refusal else { return }
        func said(_ refusal: String?) -> String { refusal.map { "refused it (\($0))" } ?? "accepted it" }
        throw failure(at: step, ["the flow \(said(refusal)), its twin \(said(theirs))"])
    }

    /// The kind of refusal `change` got on `session`; nil when it was accepted.
    private static func refusal(
        of change: (FlowTestSession) throws(NavigationError) -> Void, on session: FlowTestSession
    ) -> String? {
        do {
            try change(session)
            return nil
        } catch {
            return error.kind.rawValue
        }
    }

    /// The session rebuilt from its journal; it must show what the live one
    /// shows, and the walk goes on with it (the live one is let go, so the
    /// invariants see any part of it that stays alive).
    private mutating func replay(_ current: FlowTestSession, step: Int) throws(FlowWalkFailure) -> FlowTestSession {
        path.append("rebuilt from the journal")
        let replayed: FlowTestSession
        do {
            replayed = try current.replayed()
        } catch {
            throw failure(at: step, ["the journal did not replay: \(error)"])
        }
        let problems = current.session.differences(from: replayed.session)
        guard problems.isEmpty else { throw failure(at: step, problems) }
        report.replays += 1
        return replayed
    }

    private func failure(at step: Int, _ problems: [String]) -> FlowWalkFailure {
        FlowWalkFailure(seed: seed, step: step, path: path, problems: problems)
    }

    private static func describe(_ outcome: EffectOutcome) -> String {
        switch outcome {
        case .success(let value): "success \(value)"
        case .failure(let failure): "failure \(failure.kind.rawValue)"
        }
    }
}
