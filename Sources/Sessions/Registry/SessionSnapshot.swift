import Coordination

/// A session's rendered state at one version, handed out of its lock.
public struct SessionSnapshot: Sendable {
    public let id: String
    public let version: Int
    /// The session document, compact JSON, as the session keeps it: every
    /// snapshot of a version shares these bytes, and a response lends them.
    public let sharedDocument: SharedBytes
    /// The effects the change that made this version asked for (their
    /// ids): the answer to it may wait for their outcomes.
    public var startedEffects: [String] = []

    public init(id: String, version: Int, document: SharedBytes, startedEffects: [String] = []) {
        self.id = id
        self.version = version
        self.sharedDocument = document
        self.startedEffects = startedEffects
    }

    /// A snapshot of a copy of `document`.
    public init(id: String, version: Int, document: [UInt8], startedEffects: [String] = []) {
        self.init(id: id, version: version, document: SharedBytes(document), startedEffects: startedEffects)
    }

    /// A copy of the session document, as an array.
    public var document: [UInt8] { sharedDocument.array }
}
