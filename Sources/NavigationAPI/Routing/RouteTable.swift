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
            routes.first { $0.answers(method) }
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
        var rawPath = rawPath
        return rawPath.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return nil }
            // Plain ASCII without escapes, every path of this API: segments are
            // compared where they lie, and only a parameter's value becomes a
            // `String` (a decoded copy of every segment cost ~1,500
            // instructions a request, twice for a request with a body).
            guard bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "%") }) else { return matchPlain(bytes) }
            guard let segments = decodedSegments(of: bytes) else { return nil }
            for path in paths {
                if let parameters = path.pattern.match(segments) { return (path, parameters) }
            }
            return nil
        }
    }

    private func matchPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> (path: Path, parameters: PathParameters)? {
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: maxSegments) { segments in
            var count = 0
            var start = 1
            while true {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
                guard count < maxSegments else { return nil }
                segments[count] = start..<end
                count += 1
                guard end < bytes.count else { break }
                start = end + 1
            }
            let found = UnsafeBufferPointer(rebasing: segments[..<count])
            for path in paths {
                if let parameters = path.pattern.match(found, in: bytes) { return (path, parameters) }
            }
            return nil
        }
    }

    private func decodedSegments(of bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
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
