/// The session's held link: the one a coordinator could not follow yet.
///
/// One per session, in its ``CoordinatorEnvironment``; rebuilt like the
/// rest of the session by replaying its journal, since holding, following
/// and dropping all happen inside events.
final class HeldLink {
    /// The link, as shown in the session document's `pendingLink`.
    private(set) var link: DeepLink?
    /// Hands a link to the root coordinator again; set by the session.
    var deliver: ((DeepLink) -> LinkHandling)?

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
        guard let link, let deliver else { return }
        self.link = nil
        if deliver(link) == .hold { self.link = link }
    }
}
