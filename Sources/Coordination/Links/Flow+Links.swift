/// A flow's link routing, type-erased so that ``Flow`` stays one type: parses
/// a matched link into the flow's route and returns the call that hands it
/// to the root coordinator, or nil when the root does not follow links.
typealias LinkRouting = @Sendable (DeepLink, Coordinator) throws(LinkRejection) -> (() -> LinkHandling)?

extension Flow {
    /// A flow whose links parse into `Route` and are handed to its root
    /// coordinator, which must be a ``DeepLinkHandler`` of `Route`.
    ///
    /// ```swift
    /// let exchange = Flow(name: "exchange", description: "…", links: ExchangeRoute.self) { environment in
    ///     ExchangeCoordinator(environment: environment)
    /// }
    /// ```
    public init<Route: DeepLinkRoute>(
        name: String,
        description: String,
        version: Int = 1,
        context: [ContextField] = [],
        links: Route.Type,
        root makeRoot: @escaping @Sendable (CoordinatorEnvironment) -> Coordinator
    ) {
        self.init(
            name: name, description: description, version: version, context: context, links: Route.patterns,
            routeLink: { link, root throws(LinkRejection) in
                let route = try Route(link: link)
                guard let handler = root as? any DeepLinkHandler<Route> else { return nil }
                return { handler.handle(route) }
            }, root: makeRoot)
    }

    /// A flow whose links are known only at run time (a flow file's):
    /// `links` are the patterns it follows. A link one of them matched
    /// (``DeepLink/pattern``, ``DeepLink/values``) goes to `accept` first,
    /// which may refuse it as ``DeepLinkRoute/init(link:)`` does (a 422,
    /// nothing changed); then `follow` hands it to the session's root
    /// coordinator and answers as a ``DeepLinkHandler`` does:
    /// ``LinkHandling/followed`` once its router calls are made,
    /// ``LinkHandling/hold`` to hold the link until a coordinator calls
    /// ``Coordinator/followHeldLink()``. Like a root, both must be
    /// deterministic: they run again when a session is rebuilt.
    public init(
        name: String,
        description: String,
        version: Int = 1,
        context: [ContextField] = [],
        links: [LinkPattern],
        accept: @escaping @Sendable (DeepLink) throws(LinkRejection) -> Void = { _ in },
        follow: @escaping @Sendable (DeepLink, Coordinator) -> LinkHandling,
        root makeRoot: @escaping @Sendable (CoordinatorEnvironment) -> Coordinator
    ) {
        self.init(
            name: name, description: description, version: version, context: context, links: links,
            routeLink: { link, root throws(LinkRejection) in
                try accept(link)
                return { follow(link, root) }
            }, root: makeRoot)
    }

    /// `path` parsed and matched against ``links``. Throws
    /// ``NavigationError/Kind/invalidLink`` for a malformed path and
    /// ``NavigationError/Kind/unknownLink`` (listing the patterns) when no
    /// pattern matches.
    public func link(_ path: String) throws(NavigationError) -> DeepLink {
        let parsed = try DeepLink(path)
        for pattern in links {
            if let matched = pattern.match(parsed) { return matched }
        }
        let known = links.map(\.pattern)
        let listed = known.isEmpty ? "flow '\(name)' follows no links" : "flow '\(name)' follows: \(known.joined(separator: ", "))"
        throw NavigationError(.unknownLink, "no link pattern matches '\(path)'; \(listed)", linkPatterns: known)
    }
}
