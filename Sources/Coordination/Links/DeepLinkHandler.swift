/// A coordinator that follows its flow's links: the root coordinator of a
/// flow with links adopts it, and so do the children it hands routes down to,
/// delegate-style, the way an AppCoordinator routes a universal link.
///
/// ```swift
/// func handle(_ route: AppRoute) -> LinkHandling {
///     guard let main else { return .hold }   // not logged in yet
///     main.handle(route)
///     return .followed
/// }
/// ```
/// A link never navigates by itself: the coordinators make every router
/// call, and the session records them in its history like any other.
public protocol DeepLinkHandler<Route>: Coordinator {
    associatedtype Route: DeepLinkRoute

    /// Follows `route` now with router calls and child coordinators, or
    /// answers ``LinkHandling/hold`` when it cannot yet (the user must log
    /// in first). A held link is shown as the session's `pendingLink` until
    /// a coordinator calls ``Coordinator/followHeldLink()`` or
    /// ``Coordinator/dropHeldLink()``; a newer link replaces it.
    @discardableResult
    func handle(_ route: Route) -> LinkHandling
}

/// What a ``DeepLinkHandler`` did with a route.
public enum LinkHandling: Sendable, Equatable {
    /// The route was followed: its router calls are made.
    case followed
    /// The route cannot be followed yet; the session holds the link.
    case hold
}
