import Coordination

/// What a ``FlowCatalog`` holds at one time: every hosted version of each
/// flow, found by name and version, and the version each flow's new
/// sessions start on.
///
/// A flow's versions live side by side: a session is pinned to the version
/// it started on (its created record names it), and a new one starts on
/// the current version, the highest hosted unless the operator chose
/// another (``FlowVersionSelection``), or on a ramped version for the
/// share of new sessions the ramp takes. On a shared store, the current
/// version is the highest that every live instance hosts (``fleet``).
final class FlowCatalogContents: Sendable {
    /// What it was made of: the flows, selections and retirements that
    /// versions added later are checked with.
    let hosted: HostedFlows
    /// Every hosted flow version, in the order registered. A hosted
    /// version's *position* is its index here.
    let all: [Flow]
    /// Each name once, in order: a flow's *name index* is its index here.
    let names: [String]
    /// `versions[i]`: the positions of `names[i]`'s versions, lowest version first.
    private let versions: [[Int]]
    /// `starts[i]`: where new sessions of `names[i]` start, this instance alone.
    private let starts: [StartVersion]
    /// `pinned[i]`: whether the operator chose `names[i]`'s current version
    /// (`--flow-version NAME=V`): the fleet does not move it.
    private let pinned: [Bool]
    /// The other instances on a shared store, and where new sessions start
    /// given what they host; nil for a store only this process writes.
    let fleet: FleetView?
    /// `firstDocuments[p]`: what the first document of `all[p]`'s sessions left for the next.
    private let firstDocuments: [FlowFirstDocument]
    /// `retired[p]`: whether `all[p]` is retired (``HostedFlows/retired``).
    private let retired: [Bool]
    /// Whether any version is retired: without one, no request looks for a
    /// session to migrate.
    let hasRetiredVersions: Bool

    /// Where a flow's new sessions start: the current version, and a ramp.
    struct StartVersion: Sendable, Equatable {
        /// The current version's position.
        let current: Int
        /// A ramped version's position, and the percentage of new sessions it takes.
        let ramp: Ramp?
    }

    struct Ramp: Sendable, Equatable {
        let position: Int
        let percent: Int
    }

    /// - Parameters:
    ///   - fleet: the other instances on a shared store, as this instance
    ///     sees them; nil when this process is the store's only writer.
    ///   - previous: the contents these replace, when versions were added
    ///     (``FlowCatalog/adding(_:)``): `hosted` begins with its flows, in
    ///     its order, so every position keeps its flow and its first
    ///     document.
    init(_ hosted: HostedFlows, fleet: FleetView?, previous: FlowCatalogContents? = nil) {
        self.hosted = hosted
        let all = hosted.flows
        var names: [String] = []
        var versions: [[Int]] = []
        for (position, flow) in all.enumerated() {
            if let index = names.firstIndex(of: flow.name) {
                versions[index].append(position)
            } else {
                names.append(flow.name)
                versions.append([position])
            }
        }
        versions = versions.map { positions in positions.sorted { all[$0].version < all[$1].version } }
        let retired = all.map { flow in hosted.retired.contains { $0.flow == flow.name && $0.version == flow.version } }
        func position(of name: String, version: Int) -> Int? {
            names.firstIndex(of: name).flatMap { index in versions[index].first { all[$0].version == version } }
        }
        starts = names.indices.map { index in
            let name = names[index]
            let pinned = hosted.selections.first { $0.flow == name && $0.percent == nil }
            let ramped = hosted.selections.first { $0.flow == name && $0.percent != nil }
            // The highest version not retired; HostedFlows keeps one for every flow.
            let highest = versions[index].last { !retired[$0] } ?? versions[index][versions[index].count - 1]
            let current = pinned.flatMap { position(of: name, version: $0.version) } ?? highest
            let ramp = ramped.flatMap { selection in
                position(of: name, version: selection.version).map { Ramp(position: $0, percent: selection.percent ?? 0) }
            }
            return StartVersion(current: current, ramp: ramp)
        }
        pinned = names.map { name in hosted.selections.contains { $0.flow == name && $0.percent == nil } }
        self.all = all
        self.names = names
        self.versions = versions
        self.retired = retired
        hasRetiredVersions = retired.contains(true)
        let kept = previous?.firstDocuments ?? []
        firstDocuments = all.indices.map { $0 < kept.count ? kept[$0] : FlowFirstDocument() }
        self.fleet = fleet
    }

    /// The versions of each hosted flow, by name: what this instance
    /// announces to the others on a shared store.
    var hostedVersions: [String: [Int]] {
        var hostedVersions: [String: [Int]] = [:]
        for (index, name) in names.enumerated() { hostedVersions[name] = versions[index].map { all[$0].version } }
        return hostedVersions
    }

    /// The current version of flow `name`: the one new sessions start on
    /// without a ramp.
    subscript(name: String) -> Flow? { position(of: name).map { all[start(ofFlowAt: $0).current] } }

    /// The flow version at `position`.
    func flow(at position: Int) -> Flow { all[position] }

    /// The positions of the versions of the flow at name index `index`, lowest version first.
    func versionPositions(ofFlowAt index: Int) -> [Int] { versions[index] }

    /// Where new sessions of the flow at name index `index` start: where
    /// the fleet's last renewal said on a shared store, else where this
    /// instance alone starts them.
    func start(ofFlowAt index: Int) -> StartVersion {
        if let fleet, let start = fleet.start(ofFlowAt: index) { return start }
        return starts[index]
    }

    /// Where new sessions start when the other live instances host what
    /// `others` announce. For each flow, among the instances that host any
    /// version of it: the current version is the highest not retired here
    /// that every one of them hosts too (during a rolling deploy, the old
    /// version until the last old instance is gone), unless the operator
    /// pinned one; a ramp takes new sessions only once they all host its
    /// version. A flow whose versions no other instance shares starts
    /// where this instance alone starts it.
    func starts(withInstancesHosting others: [InstanceAnnouncement]) -> [StartVersion] {
        names.indices.map { index in
            let alone = starts[index]
            let elsewhere = others.compactMap { $0.versions[names[index]] }
            guard !elsewhere.isEmpty else { return alone }
            func isEverywhere(_ position: Int) -> Bool { elsewhere.allSatisfy { $0.contains(all[position].version) } }
            let current = pinned[index] ? alone.current : versions[index].last { !retired[$0] && isEverywhere($0) } ?? alone.current
            return StartVersion(current: current, ramp: alone.ramp.flatMap { isEverywhere($0.position) ? $0 : nil })
        }
    }

    /// The position of `name`'s version `version`; nil when it is not hosted.
    func position(of name: String, version: Int) -> Int? {
        guard let index = position(of: name) else { return nil }
        for position in versions[index] where all[position].version == version { return position }
        return nil
    }

    /// The position a new session of the flow at name index `index` starts
    /// on: the version asked for, else a ramped version for `draw % 100` below
    /// its percentage (`draw` is random), else the current one.
    /// Nil for a `version` that is not hosted or is retired
    /// (``versionNotFound(_:version:)`` says why).
    func startingPosition(ofFlowAt index: Int, version: Int?, draw: UInt64) -> Int? {
        if let version {
            for position in versions[index] where all[position].version == version && !retired[position] { return position }
            return nil
        }
        let start = start(ofFlowAt: index)
        if let ramp = start.ramp, draw % 100 < UInt64(ramp.percent) { return ramp.position }
        return start.current
    }

    /// `session`'s document, its first render given what the first
    /// document of its flow version left (``FlowFirstDocument``). `position`:
    /// the position of its flow (that very flow value), when the caller
    /// looked it up. A session whose flow only shares a hosted version's
    /// name and version (one pinned to an older flow file's content)
    /// renders on its own.
    /// What the first document of the sessions of the version at `position` left.
    func firstDocument(at position: Int) -> FlowFirstDocument { firstDocuments[position] }

    func document(of session: Session, flowAt position: Int? = nil) -> SharedBytes {
        guard !session.holdsDocument else { return session.renderedDocument() }
        if let position { return firstDocument(at: position).document(of: session) }
        guard let found = self.position(of: session.flow.name, version: session.flow.version),
            all[found].isSameDefinition(as: session.flow)
        else { return session.renderedDocument() }
        return firstDocuments[found].document(of: session)
    }

    /// Where `name` is in ``names``; nil for a name no flow has. Searched in
    /// order, not hashed: a server hosts a handful of flows, names mostly
    /// differ in length (compared first), and hashing a name with `Hasher`
    /// cost ~300 instructions a lookup (one per created session, one per
    /// event counted).
    func position(of name: String) -> Int? {
        let length = name.utf8.count
        for index in names.indices where names[index].utf8.count == length && names[index] == name { return index }
        return nil
    }

    /// The versions of `name` hosted, lowest first; empty for a name no flow has.
    func hostedVersions(of name: String) -> [Int] {
        position(of: name).map { versions[$0].map { all[$0].version } } ?? []
    }

    /// The refusal for a name no flow has, listing the ones there are.
    func notFound(_ name: String) -> NavigationError {
        NavigationError(.flowNotFound, "no flow is named '\(name)'; this server hosts: \(names.joined(separator: ", "))")
    }

    /// Whether the flow version at `position` is retired: its sessions are
    /// migrated when next touched, and none starts on it.
    func isRetired(_ position: Int) -> Bool { retired[position] }

    /// The version that takes over the sessions of the retired version at
    /// `position`, and how: the current version when it migrates from it,
    /// else the highest version not retired that does; nil when none does.
    func migration(fromRetired position: Int) -> (position: Int, migrate: @Sendable (OlderSession) -> Migration)? {
        guard let index = self.position(of: all[position].name) else { return nil }
        let older = all[position].version
        let current = start(ofFlowAt: index).current
        let candidates = [current] + versions[index].reversed().filter { $0 != current && !retired[$0] }
        for candidate in candidates {
            if let migrate = all[candidate].migration(from: older) { return (candidate, migrate) }
        }
        return nil
    }

    /// The refusal for a version of `name` that is not hosted (or is
    /// retired), listing the ones new sessions may start on.
    func versionNotFound(_ name: String, version: Int) -> NavigationError {
        let hosted = hostedVersions(of: name)
        if !hosted.contains(version), let fleet, fleet.isHostedElsewhere(name, version: version) {
            return Self.versionUnavailable(name, version: version, hosted: hosted)
        }
        guard hosted.contains(version) else {
            return NavigationError(
                .flowNotFound,
                "this server does not host version \(version) of flow '\(name)'; hosted versions: "
                    + hosted.map(String.init).joined(separator: ", "))
        }
        let open = position(of: name).map { versions[$0].filter { !retired[$0] }.map { all[$0].version } } ?? []
        return NavigationError(
            .flowNotFound,
            "version \(version) of flow '\(name)' is retired; sessions start on versions: " + open.map(String.init).joined(separator: ", "))
    }

    /// The refusal for a session (or a creation) on version `version` of
    /// `name`, which other live instances on the shared store host and this
    /// one does not: a `503` a retry on another instance gets past.
    static func versionUnavailable(_ name: String, version: Int, hosted: [Int]) -> NavigationError {
        NavigationError(
            .flowVersionUnavailable,
            "version \(version) of flow '\(name)' is hosted by other instances on this store, not by this one (it hosts versions "
                + hosted.map(String.init).joined(separator: ", ") + "); nothing changed: retry, and another instance will serve it")
    }
}
