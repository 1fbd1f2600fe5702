import Coordination

/// The flows a server hosts, checked before it starts: every version of a
/// flow at most once, and each ``FlowVersionSelection`` naming a hosted
/// flow and version, with at most one current version and one ramp per
/// flow.
///
/// Several versions of one flow are hosted side by side: a session is
/// pinned to the version it started on, and new sessions start on the
/// current one (the highest hosted, unless a selection names another).
public struct HostedFlows: Sendable {
    /// Every flow version, in the order given.
    public let flows: [Flow]
    public let selections: [FlowVersionSelection]
    /// The versions retired (`--retire-flow NAME=V`): still hosted, so that
    /// their sessions can be rebuilt, but no session starts on them, and
    /// each of their sessions is migrated to a newer version
    /// (``Coordination/Flow/migrating(from:_:)``), or ended, when next touched.
    public let retired: [FlowVersionSelection]
    /// Rebuilds a flow from a source the store kept, for a session pinned
    /// to a flow file's content that no hosted flow has (the file changed
    /// or is gone, or only another instance has it); nil rebuilds none.
    public let sourceCompiler: FlowSourceCompiler?

    /// - Throws: ``HostedFlowsError`` for the first problem found.
    public init(
        _ flows: [Flow], selections: [FlowVersionSelection] = [], retired: [FlowVersionSelection] = [],
        sourceCompiler: FlowSourceCompiler? = nil
    ) throws(HostedFlowsError) {
        for (index, flow) in flows.enumerated()
        where flows[..<index].contains(where: { $0.name == flow.name && $0.version == flow.version }) {
            throw .duplicateVersion(flow: flow.name, version: flow.version)
        }
        var pinned: Set<String> = []
        var ramped: Set<String> = []
        for selection in selections {
            let versions = flows.filter { $0.name == selection.flow }.map(\.version)
            guard !versions.isEmpty else {
                var names: [String] = []
                for flow in flows where !names.contains(flow.name) { names.append(flow.name) }
                throw .unknownFlow(selection.flow, hosted: names)
            }
            guard versions.contains(selection.version) else {
                throw .unknownVersion(flow: selection.flow, version: selection.version, hosted: versions.sorted())
            }
            let isNew = selection.percent == nil ? pinned.insert(selection.flow).inserted : ramped.insert(selection.flow).inserted
            guard isNew else { throw .selectedTwice(selection.flow, ramp: selection.percent != nil) }
            if retired.contains(where: { $0.flow == selection.flow && $0.version == selection.version }) {
                throw .selectedRetired(flow: selection.flow, version: selection.version)
            }
        }
        for retirement in retired {
            let versions = flows.filter { $0.name == retirement.flow }.map(\.version)
            guard versions.contains(retirement.version) else {
                throw .unknownRetired(flow: retirement.flow, version: retirement.version, hosted: versions.sorted())
            }
            let kept = versions.filter { version in !retired.contains { $0.flow == retirement.flow && $0.version == version } }
            guard !kept.isEmpty else { throw .everyVersionRetired(retirement.flow) }
        }
        self.flows = flows
        self.selections = selections
        self.retired = retired
        self.sourceCompiler = sourceCompiler
    }

    /// `flows` as given, without selections; of two flows with one name and
    /// one version, the first is hosted. For callers that checked nothing
    /// (``SessionRegistry/init(flows:limits:store:shardCount:clock:notify:effects:)``).
    init(unchecked flows: [Flow]) {
        var kept: [Flow] = []
        for flow in flows where !kept.contains(where: { $0.name == flow.name && $0.version == flow.version }) {
            kept.append(flow)
        }
        self.flows = kept
        self.selections = []
        self.retired = []
        self.sourceCompiler = nil
    }
}

/// Why a set of flows cannot be hosted, as a sentence an operator reads.
public enum HostedFlowsError: Error, Equatable, CustomStringConvertible {
    /// Two flows with one name and one version.
    case duplicateVersion(flow: String, version: Int)
    /// A selection names a flow that is not hosted.
    case unknownFlow(String, hosted: [String])
    /// A selection names a version of a flow that is not hosted.
    case unknownVersion(flow: String, version: Int, hosted: [Int])
    /// Two current versions (`NAME=V`), or two ramps (`NAME=V:PERCENT`), for one flow.
    case selectedTwice(String, ramp: Bool)
    /// A selection names a retired version: no session may start on it.
    case selectedRetired(flow: String, version: Int)
    /// `--retire-flow` names a version that is not hosted.
    case unknownRetired(flow: String, version: Int, hosted: [Int])
    /// Every version of a flow is retired: no session could start on it.
    case everyVersionRetired(String)
    /// More versions added while running than a registry makes room for
    /// (``SessionRegistry/addFlowVersions(_:)``).
    case tooManyAddedVersions(limit: Int)

    public var description: String {
        switch self {
        case .duplicateVersion(let flow, let version):
            "flow '\(flow)' version \(version) is given twice; each version of a flow must be hosted once"
        case .unknownFlow(let flow, let hosted):
            "--flow-version names flow '\(flow)', which is not hosted; hosted flows: \(hosted.joined(separator: ", "))"
        case .unknownVersion(let flow, let version, let hosted):
            "--flow-version names version \(version) of flow '\(flow)', which is not hosted; hosted versions: "
                + hosted.map(String.init).joined(separator: ", ")
        case .selectedTwice(let flow, let ramp):
            ramp
                ? "--flow-version gives flow '\(flow)' two ramps (NAME=V:PERCENT); give it one"
                : "--flow-version gives flow '\(flow)' two current versions (NAME=V); give it one"
        case .selectedRetired(let flow, let version):
            "--flow-version names version \(version) of flow '\(flow)', which --retire-flow retires; no session starts on a retired version"
        case .unknownRetired(let flow, let version, let hosted):
            hosted.isEmpty
                ? "--retire-flow names flow '\(flow)', which is not hosted"
                : "--retire-flow names version \(version) of flow '\(flow)', which is not hosted; hosted versions: "
                    + hosted.map(String.init).joined(separator: ", ")
        case .everyVersionRetired(let flow):
            "--retire-flow retires every hosted version of flow '\(flow)'; keep one that new and migrated sessions start on"
        case .tooManyAddedVersions(let limit):
            "a running server adds at most \(limit) flow versions to those it started with; restart it to host more"
        }
    }
}
