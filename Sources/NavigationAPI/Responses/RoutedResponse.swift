import HTTPCore

/// A response and the route template its request matched, for a request log
/// that must name the route (`/v1/sessions/{id}`), never the raw path.
public struct RoutedResponse: Sendable {
    public var response: HTTPResponse
    /// The path template as in openapi.yaml; `nil` when no route matched.
    public var routeTemplate: String?
}
