/// What a flow file's `var` reads: the first component of its path.
public enum DataRoot: String, Sendable, CaseIterable {
    /// The event's payload.
    case payload
    /// The session's context, as validated at its creation.
    case context
    /// The session's shared store (the file's `store`).
    case store
    /// The values of the screen an event is on, or being shown (`with`, `set`).
    case screen
    /// What the coordinator's parent passed to `startChild`.
    case input
    /// In a `startChild`'s `then`: what the child finished with.
    case output
    /// In a `perform`'s `then`: the effect's answer.
    case outcome
    /// In a `perform`'s `else`: `kind`, `reason`, `status`, `message`.
    case failure
    /// In a link's `do` and `reject`: the link's parameters.
    case link
    /// In a coordinator's `calls`: what the `call` sent with `with`.
    case message
}
