/// One ``FlowWalk`` under way: the session, the generator, the path.
struct RandomWalk {
    let flow: Flow
    let seed: UInt64
    let context: JSONValue?
    let links: [String]
    let limits: SessionLimits
    let outcome: (EffectRequest, inout SessionRandom) -> EffectOutcome?
    private(set) var report = FlowWalkReport()
    private var random: SessionRandom
    private var path: [String] = []
    private var session: FlowTestSession?

    init(
        flow: Flow, seed: UInt64, context: JSONValue?, links: [String], limits: SessionLimits,
        outcome: @escaping (EffectRequest, inout SessionRandom) -> EffectOutcome?
    ) {
        self.flow = flow
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
        do {
            let started = try FlowTestSession(flow: flow, context: context, limits: limits, seed: sessionSeed)
            report.screens.formUnion(started.stack.map(\.name))
            return started
        } catch {
            throw failure(at: report.steps, ["the flow did not start: \(error)"])
        }
    }

    // MARK: - One step

    private mutating func take(step: Int, on current: FlowTestSession) throws(FlowWalkFailure) -> FlowTestSession {
        let roll = Int.random(in: 0..<100, using: &random)
        if roll < FlowWalk.replayPercent { return try replay(current, step: step) }
        if let effect = current.pendingEffects.first, roll < FlowWalk.outcomePercent,
            let answer = outcome(effect, &random)
        {
            try perform("\(effect.name) answered \(Self.describe(answer))", step: step, on: current) { () throws(NavigationError) in
                try current.deliver(answer, to: effect.id)
            }
            return current
        }
        if !links.isEmpty, roll >= 100 - FlowWalk.linkPercent, let link = links.randomElement(using: &random) {
            try perform("link \(link)", step: step, on: current, listed: false) { () throws(NavigationError) in
                try current.open(link: link)
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
        try perform(described, step: step, on: current) { () throws(NavigationError) in
            try current.send(ClientEvent(screen: screen.id, event: event.name, payload: payload))
        }
        return current
    }

    /// Takes one change; a refusal the flow is entitled to is counted, any
    /// other, or one that changed the session, fails the walk.
    private mutating func perform(
        _ described: String, step: Int, on current: FlowTestSession, listed: Bool = true,
        _ change: () throws(NavigationError) -> Void
    ) throws(FlowWalkFailure) {
        let before = (current.version, current.session.document(), current.routerCalls.count)
        do {
            try change()
            path.append(described + " → accepted")
            report.accepted += 1
            report.screens.formUnion(current.stack.map(\.name))
        } catch {
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
