import Coordination

/// A session's rendered state at one version, handed out of its lock.
public struct SessionSnapshot: Sendable {
    public let id: String
    public let version: Int
    /// The session document, compact JSON.
    public let document: [UInt8]
}
