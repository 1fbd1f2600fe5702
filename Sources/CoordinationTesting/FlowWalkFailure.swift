/// The first step of a ``FlowWalk`` that broke an invariant: the seed that
/// walks the same path again, the path up to it, and what broke.
public struct FlowWalkFailure: Error, CustomStringConvertible {
    /// ``FlowWalk/random(_:steps:seed:context:links:limits:outcome:)`` with
    /// this seed takes the same steps (the flow being deterministic).
    public let seed: UInt64
    /// The step that broke, from 1.
    public let step: Int
    /// Every step taken, the failing one last.
    public let path: [String]
    /// What is wrong after it, in words.
    public let problems: [String]

    /// How many of the last steps ``description`` shows.
    public static let describedSteps = 30

    public var description: String {
        let shown = path.suffix(Self.describedSteps)
        let skipped = path.count - shown.count
        return "flow walk with seed \(seed) broke at step \(step):\n  " + problems.joined(separator: "\n  ")
            + "\npath" + (skipped > 0 ? " (the last \(shown.count) of \(path.count) steps)" : "") + ":\n  "
            + shown.joined(separator: "\n  ")
    }
}
