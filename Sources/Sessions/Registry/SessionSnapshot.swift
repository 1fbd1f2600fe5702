import Coordination

/// A session's rendered state at one version, handed out of its lock.
public struct SessionSnapshot: Sendable {
    public let id: String
    public let version: Int
    /// The session document, compact JSON.
    public let document: [UInt8]
    /// The effects the change that made this version asked for (their
    /// ids): the answer to it may wait for their outcomes.
    public var startedEffects: [String] = []

    public init(id: String, version: Int, document: [UInt8], startedEffects: [String] = []) {
        self.id = id
        self.version = version
        self.document = document
        self.startedEffects = startedEffects
    }
}
