import Coordination

/// One hosted flow as `GET /v1/flows` and `/metrics` show it: its current
/// version, and every hosted version with its live sessions.
public struct FlowOverview: Sendable {
    /// The current version: the one new sessions start on without a ramp.
    public let current: Flow
    /// Every hosted version, lowest first.
    public let versions: [Version]

    public var name: String { current.name }

    /// One hosted version of the flow.
    public struct Version: Sendable, Equatable {
        public let version: Int
        /// Whether new sessions start on it (those a ramp does not take).
        public let isCurrent: Bool
        /// Its live sessions: started and not yet ended or expired.
        public let sessions: Int
        /// The percentage of new sessions a ramp starts on it; nil without one.
        public let rampPercent: Int?
        /// Whether it is retired: no session starts on it, and its sessions
        /// are migrated to a newer version when next touched.
        public var isRetired: Bool = false
    }
}

extension SessionRegistry {
    /// Every hosted flow, in the order registered, with its versions.
    public func flowOverviews() -> [FlowOverview] {
        catalog.names.indices.map { index in
            let start = catalog.start(ofFlowAt: index)
            let versions = catalog.versionPositions(ofFlowAt: index).map { position in
                FlowOverview.Version(
                    version: catalog.flow(at: position).version, isCurrent: position == start.current,
                    sessions: slots.census.count(at: position),
                    rampPercent: start.ramp.flatMap { $0.position == position ? $0.percent : nil },
                    isRetired: catalog.isRetired(position))
            }
            return FlowOverview(current: catalog.flow(at: start.current), versions: versions)
        }
    }

    /// Live sessions of flow versions this server does not host: they
    /// answer `410 flow-changed` until they expire.
    public var unhostedFlowSessionCount: Int { slots.census.unhostedCount }
}
