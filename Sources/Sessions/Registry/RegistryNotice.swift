/// Something the registry wants an operator to know, once: the executable
/// logs these.
public enum RegistryNotice: Sendable, Equatable {
    /// A session could not be brought back from its journal (its flow's
    /// version changed, the flow is gone, or its replay failed). Reported
    /// the first time it is asked for after a start.
    case flowChanged(sessionID: String, flow: String, detail: String)
    /// A session of a retired version was taken over by a newer version of
    /// its flow (``Coordination/Flow/migrating(from:_:)``).
    case migrated(sessionID: String, flow: String, from: Int, to: Int)
    /// The store refused a read or write; sessions answer 503 until it works again.
    case storeUnavailable(reason: String)
    /// The store works again after ``storeUnavailable(reason:)``.
    case storeRecovered
    /// New sessions of `flow` now start on `version`: the live instances
    /// on the shared store (`instances`, this one included) changed, and
    /// it is now the highest version they all host.
    case currentVersionChanged(flow: String, version: Int, instances: Int)
}
