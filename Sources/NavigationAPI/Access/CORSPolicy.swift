import HTTPCore

/// Which browser origins may call the API from their pages, and the CORS
/// headers that tell the browser so. Off (no headers at all) unless
/// configured with at least one origin.
///
/// An `Origin` is echoed back only when it is exactly one of the configured
/// origins, so no client text reaches a response header. `*` allows every
/// origin and is answered as `*` (never as the client's origin).
public struct CORSPolicy: Sendable, Equatable {
    public let allowedOrigins: [String]

    /// How long a browser may cache a preflight answer, in seconds.
    static let preflightMaxAgeSeconds = 600
    /// The request headers a page may send: the ones this API reads.
    static let allowedRequestHeaders = "Authorization, Content-Type, If-Match, If-None-Match"
    /// The response headers a page may read besides the CORS-safelisted ones.
    static let exposedResponseHeaders = "ETag, Location, Retry-After, WWW-Authenticate"

    public init(allowedOrigins: [String]) {
        self.allowedOrigins = allowedOrigins
    }

    public var isEnabled: Bool { !allowedOrigins.isEmpty }

    /// The `Access-Control-Allow-Origin` value for a request from `origin`,
    /// or `nil` when that origin is not allowed.
    func allowOriginValue(for origin: String?) -> String? {
        guard let origin else { return nil }
        if allowedOrigins.contains("*") { return "*" }
        return allowedOrigins.first { $0 == origin }
    }

    /// Whether `request` is a CORS preflight: `OPTIONS` with `Origin` and
    /// `Access-Control-Request-Method`.
    func isPreflight(_ request: HTTPRequest) -> Bool {
        isEnabled && request.method == "OPTIONS" && request.headers["Origin"] != nil
            && request.headers["Access-Control-Request-Method"] != nil
    }

    /// The answer to a preflight for a path that answers `methods`: 204, with
    /// the permission headers only when the origin is allowed (the browser
    /// then blocks the real request itself).
    func preflightResponse(_ request: HTTPRequest, methods: String) -> HTTPResponse {
        var response = HTTPResponse(status: 204)
        response.headers.add("Vary", "Origin")
        response.headers.add("Cache-Control", "no-store")
        guard let allowOrigin = allowOriginValue(for: request.headers["Origin"]) else { return response }
        response.headers.add("Access-Control-Allow-Origin", allowOrigin)
        response.headers.add("Access-Control-Allow-Methods", methods)
        response.headers.add("Access-Control-Allow-Headers", Self.allowedRequestHeaders)
        response.headers.add("Access-Control-Max-Age", String(Self.preflightMaxAgeSeconds))
        return response
    }

    /// Adds the CORS headers of an actual (non-preflight) response.
    func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard isEnabled else { return }
        response.headers.add("Vary", "Origin")
        guard let allowOrigin = allowOriginValue(for: request.headers["Origin"]) else { return }
        response.headers.add("Access-Control-Allow-Origin", allowOrigin)
        response.headers.add("Access-Control-Expose-Headers", Self.exposedResponseHeaders)
    }
}
