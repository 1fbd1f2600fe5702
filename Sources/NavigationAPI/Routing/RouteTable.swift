import HTTPCore

/// The routes of the API grouped by path template, and the matching of a
/// request to them.
struct RouteTable: Sendable {
    /// The routes of one path template.
    struct Path: Sendable {
        let pattern: PathPattern
        /// The position of the template in ``RouteTable/paths``: its metrics label.
        let index: Int
        let routes: [Route]

        /// The route answering `method` (`HEAD` is a `GET`'s where allowed).
        func route(for method: HTTPMethod) -> Route? {
            routes.first { $0.methods.contains(method) }
        }

        /// The `Allow` header of a 405 and of a CORS preflight.
        var allowHeader: String {
            routes.flatMap(\.methods).map(\.rawValue).joined(separator: ", ")
        }

        /// The access of the path as a whole, for a method it does not
        /// answer: the strictest of its routes', so a 405 tells a caller
        /// without the key nothing it could not learn with it.
        var access: Route.Access {
            routes.map(\.access).max() ?? .key
        }
    }

    let paths: [Path]
    /// The longest template, in segments: a longer request path matches nothing.
    private let maxSegments: Int

    init(_ routes: [Route]) {
        var templates: [String] = []
        var byTemplate: [String: [Route]] = [:]
        for route in routes {
            if byTemplate[route.path.template] == nil { templates.append(route.path.template) }
            byTemplate[route.path.template, default: []].append(route)
        }
        paths = templates.enumerated().map { index, template in
            Path(pattern: PathPattern(template), index: index, routes: byTemplate[template] ?? [])
        }
        maxSegments = paths.map(\.pattern.segments.count).max() ?? 0
    }

    /// Every (method, template) pair answered: what openapi.yaml must document.
    var operations: [(method: String, path: String)] {
        paths.flatMap { path in path.routes.flatMap(\.methods).map { (method: $0.rawValue, path: path.pattern.template) } }
    }

    /// The path `request` names, with its parameters; nil when no template
    /// has its shape (404), or the path is malformed: not starting with
    /// `/`, a malformed `%` escape, or more segments than any template.
    func match(_ rawPath: String) -> (path: Path, parameters: PathParameters)? {
        guard let segments = decodedSegments(of: rawPath) else { return nil }
        for path in paths {
            if let parameters = path.pattern.match(segments) { return (path, parameters) }
        }
        return nil
    }

    /// The path's segments after the leading `/`, each percent-decoded on
    /// its own (a `%2F` is data, never a separator).
    private func decodedSegments(of path: String) -> [String]? {
        // Split on the contiguous bytes: `split` on a `UTF8View` goes
        // through generic index arithmetic on every request.
        var path = path
        return path.withUTF8 { bytes -> [String]? in
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            var segments: [String] = []
            segments.reserveCapacity(maxSegments)
            var start = 1
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                guard segments.count < maxSegments,
                    let segment = PercentDecoding.decodePathSegment(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                else { return nil }
                segments.append(segment)
                guard end < bytes.count else { return segments }
                start = end + 1
            }
        }
    }
}
