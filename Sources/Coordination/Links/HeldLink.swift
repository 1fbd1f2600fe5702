/// The session's held link: the one a coordinator could not follow yet.
///
/// One per session that has held a link, in its root
/// ``CoordinatorEnvironment``, made when the first is held; rebuilt like the
/// rest of the session by replaying its accepted events, since holding, following
/// and dropping all happen inside events.
final class HeldLink {
    /// The link, as shown in the session document's `pendingLink`.
    private(set) var link: DeepLink?
    /// Where a held link goes again (``attach(flow:root:)``): the flow's
    /// routing hands it to the root. Two fields, not a closure capturing
    /// them, which would be an allocation every session keeps.
    private var flow: Flow?
    /// Kept alive by this, a cycle (the root holds the environment, which
    /// holds this) that the session breaks as it ends (``detach()``).
    private var root: Coordinator?

    /// Sets where ``follow()`` hands the link, as the session first holds one.
    func attach(flow: Flow, root: Coordinator) {
        self.flow = flow
        self.root = root
    }

    /// Lets the root go: called by the session's state as it is freed.
    func detach() {
        flow = nil
        root = nil
    }

    /// Holds `link`, replacing any link held before.
    func hold(_ link: DeepLink) {
        self.link = link
    }

    /// Forgets the held link.
    func drop() {
        link = nil
    }

    /// Hands the held link to the root again; it stays held if the root
    /// answers ``LinkHandling/hold`` again.
    func follow() {
        guard let link, let flow else { return }
        self.link = nil
        if deliver(link, through: flow) == .hold { self.link = link }
    }

    /// Hands `link` to the root; a root that is gone or refuses the link
    /// drops it (``LinkHandling/followed``).
    private func deliver(_ link: DeepLink, through flow: Flow) -> LinkHandling {
        guard let root, let follow = try? flow.routeLink?(link, root) else { return .followed }
        return follow()
    }
}
