extension Coordinator {
    /// The link the session holds because a coordinator could not follow it
    /// yet (``LinkHandling/hold``), if any.
    public var heldLink: DeepLink? { environment.heldLink?.link }

    /// Follows the held link now, from the root coordinator down, as if it
    /// had just been opened: call it once whatever blocked it is gone (the
    /// user logged in). Its router calls belong to the current event. The
    /// link stays held if the root holds it again; nothing happens when no
    /// link is held.
    public func followHeldLink() {
        environment.heldLink?.follow()
    }

    /// Forgets the held link: what logging out does, so that the next user
    /// does not land on the last one's link.
    public func dropHeldLink() {
        environment.heldLink?.drop()
    }
}
