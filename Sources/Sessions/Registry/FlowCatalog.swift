import Coordination
import Platform
import Synchronization

/// The flows a server hosts (``FlowCatalogContents``), to which versions
/// can be added while it runs (``adding(_:)``: a reload of flow files).
///
/// Versions are only ever added, after the ones there are, so a version's
/// *position* and a flow's *name index* never change: what counts by them
/// (``FlowCensus``, ``EventCounters``) keeps counting. Each addition makes
/// new contents that requests see from then on; every contents made stays
/// alive until the catalog goes, so a request that read the former one
/// finishes with it. Reading the contents is one atomic load: no lock and
/// no reference count on the request's path.
struct FlowCatalog: Sendable {
    typealias StartVersion = FlowCatalogContents.StartVersion
    typealias Ramp = FlowCatalogContents.Ramp

    /// How many versions additions may add over a catalog's life: the
    /// counters by position and by name are made that much larger up front.
    static let maxAddedVersions = 64

    private let holder: Holder
    /// The contents it was made with: read directly, as a `let` of this
    /// value, while no version was added (nearly always), so that a read
    /// is inlined whole.
    private let initial: FlowCatalogContents

    /// - Parameter fleetInstance: this instance's name among others on a
    ///   shared store (``InstanceAnnouncement/newInstanceName(processID:)``);
    ///   nil when this process is the store's only writer.
    init(_ hosted: HostedFlows, fleetInstance: String? = nil) {
        let fleet = fleetInstance.map { instance in
            FleetView(own: InstanceAnnouncement(instance: instance, versions: FlowCatalogContents(hosted, fleet: nil).hostedVersions))
        }
        initial = FlowCatalogContents(hosted, fleet: fleet)
        holder = Holder(initial)
    }

    /// Every flow in `flows`, unchecked (``HostedFlows/init(unchecked:)``).
    init(_ flows: [Flow]) {
        self.init(HostedFlows(unchecked: flows))
    }

    /// `body` of what requests see now, without a reference count.
    @inline(__always)
    private func read<Result>(_ body: (FlowCatalogContents) -> Result) -> Result {
        let current = holder.current
        if current.toOpaque() == Unmanaged.passUnretained(initial).toOpaque() { return body(initial) }
        return current._withUnsafeGuaranteedRef(body)
    }

    /// Hosts `added` beside the versions hosted, each a name and version
    /// none of them has: they are checked with the catalog's selections and
    /// retirements, and new sessions start where those say given them all
    /// (the highest version, unless one is chosen; on a shared store, once
    /// every instance hosts it). Nothing changes when it throws.
    /// - Throws: ``HostedFlowsError`` for the first problem, among them more
    ///   than ``maxAddedVersions`` added in all.
    func adding(_ added: [Flow]) throws(HostedFlowsError) {
        try holder.replace { (current) throws(HostedFlowsError) -> FlowCatalogContents in
            let old = current.hosted
            let addedBefore = current.all.count - holder.initialCount
            guard addedBefore + added.count <= Self.maxAddedVersions else {
                throw .tooManyAddedVersions(limit: Self.maxAddedVersions)
            }
            let hosted = try HostedFlows(
                old.flows + added, selections: old.selections, retired: old.retired, sourceCompiler: old.sourceCompiler)
            let next = FlowCatalogContents(hosted, fleet: current.fleet, previous: current)
            current.fleet?.announce(next.hostedVersions)
            return next
        }
    }

    /// How many positions and name indices the counters must have room for.
    var positionCapacity: Int { holder.initialCount + Self.maxAddedVersions }
    var nameCapacity: Int { holder.initialNameCount + Self.maxAddedVersions }

    var all: [Flow] { read { $0.all } }
    var names: [String] { read { $0.names } }
    var fleet: FleetView? { read { $0.fleet } }
    var hasRetiredVersions: Bool { read { $0.hasRetiredVersions } }
    var hostedVersions: [String: [Int]] { read { $0.hostedVersions } }

    subscript(name: String) -> Flow? { read { $0[name] } }
    func flow(at position: Int) -> Flow { read { $0.flow(at: position) } }
    func versionPositions(ofFlowAt index: Int) -> [Int] { read { $0.versionPositions(ofFlowAt: index) } }
    func start(ofFlowAt index: Int) -> StartVersion { read { $0.start(ofFlowAt: index) } }
    func starts(withInstancesHosting others: [InstanceAnnouncement]) -> [StartVersion] {
        read { $0.starts(withInstancesHosting: others) }
    }
    func position(of name: String, version: Int) -> Int? { read { $0.position(of: name, version: version) } }
    func position(of name: String) -> Int? { read { $0.position(of: name) } }
    /// Where a new session of `name` starts (``FlowCatalogContents/startingPosition(ofFlowAt:version:draw:)``),
    /// that version's flow, and what renders its first document
    /// (``document(of:flowAt:)`` for a session that holds none), in one
    /// read: what a creation asks.
    /// - Throws: ``NavigationError/Kind/flowNotFound`` for a name or version not hosted.
    func startingFlow(
        named name: String, version: Int?, draw: UInt64
    ) throws(NavigationError) -> (position: Int, flow: Flow, firstDocument: FlowFirstDocument) {
        var index = -1
        let found = read { contents -> (position: Int, flow: Flow, firstDocument: FlowFirstDocument)? in
            guard let flowIndex = contents.position(of: name) else { return nil }
            index = flowIndex
            return contents.startingPosition(ofFlowAt: flowIndex, version: version, draw: draw).map {
                ($0, contents.flow(at: $0), contents.firstDocument(at: $0))
            }
        }
        if let found { return found }
        throw read { index < 0 ? $0.notFound(name) : $0.versionNotFound(name, version: version ?? 0) }
    }

    func document(of session: Session, flowAt position: Int? = nil) -> SharedBytes {
        read { $0.document(of: session, flowAt: position) }
    }
    func hostedVersions(of name: String) -> [Int] { read { $0.hostedVersions(of: name) } }
    func notFound(_ name: String) -> NavigationError { read { $0.notFound(name) } }
    func isRetired(_ position: Int) -> Bool { read { $0.isRetired(position) } }
    func migration(fromRetired position: Int) -> (position: Int, migrate: @Sendable (OlderSession) -> Migration)? {
        read { $0.migration(fromRetired: position) }
    }
    func versionNotFound(_ name: String, version: Int) -> NavigationError { read { $0.versionNotFound(name, version: version) } }
    static func versionUnavailable(_ name: String, version: Int, hosted: [Int]) -> NavigationError {
        FlowCatalogContents.versionUnavailable(name, version: version, hosted: hosted)
    }

    /// The contents requests read, and every one made before: replaced
    /// under a lock, read with one atomic load of the latest's address.
    private final class Holder: Sendable {
        /// The latest contents' address.
        private let latest: Atomic<Int>
        /// Every contents made, the latest last: each kept while the holder
        /// lives, so that the latest's address is always a live object.
        private let made: Locked<[FlowCatalogContents]>
        let initialCount: Int
        let initialNameCount: Int

        init(_ contents: FlowCatalogContents) {
            initialCount = contents.all.count
            initialNameCount = contents.names.count
            latest = Atomic(Int(bitPattern: Unmanaged.passUnretained(contents).toOpaque()))
            made = Locked([contents])
        }

        /// The latest contents, unretained: ``made`` keeps it alive.
        var current: Unmanaged<FlowCatalogContents> {
            // Set from an object's address, and never to anything else.
            Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: latest.load(ordering: .acquiring))!)
        }

        /// Makes the next contents from the latest with `next`, one
        /// replacement at a time; nothing changes when it throws.
        func replace(
            _ next: (FlowCatalogContents) throws(HostedFlowsError) -> FlowCatalogContents
        ) throws(HostedFlowsError) {
            try made.withLock { (made) throws(HostedFlowsError) in
                let contents = try next(made[made.count - 1])
                made.append(contents)
                latest.store(Int(bitPattern: Unmanaged.passUnretained(contents).toOpaque()), ordering: .releasing)
            }
        }
    }
}
