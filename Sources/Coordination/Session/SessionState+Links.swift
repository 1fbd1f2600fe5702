extension SessionState {
    /// Matches `path` against the flow's patterns and parses it into the
    /// flow's route, changing nothing: a malformed link is
    /// ``NavigationError/Kind/invalidLink``, one no pattern matches
    /// ``NavigationError/Kind/unknownLink``, one whose values the flow
    /// refuses ``NavigationError/Kind/linkRejected``.
    func validateLink(_ path: String) throws(NavigationError) -> Dispatch {
        let link = try flow.link(path)
        let follow: (() -> LinkHandling)?
        do {
            follow = try flow.routeLink?(link, root)
        } catch {
            throw NavigationError(.linkRejected, "link '\(path)' cannot be followed: \(error.reason)")
        }
        guard let follow else {
            throw NavigationError(
                .flowFailure, "flow '\(flow.name)' declares links but its root coordinator is not a DeepLinkHandler of its route")
        }
        return .link(link, follow)
    }

    /// Hands a validated link to the root. A newer link replaces a held
    /// one: it is held instead, or followed and the older one dropped.
    func followLink(_ link: DeepLink, _ follow: () -> LinkHandling) {
        environment.heldLink?.drop()
        if follow() == .hold { environment.holdingLink(forRoot: root, of: flow).hold(link) }
    }

    /// The link held for later, as the session document's `pendingLink` shows it.
    var pendingLink: String? { environment.heldLink?.link?.path }
}
