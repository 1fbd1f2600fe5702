import HTTPCore
import Platform

/// The routes of the API grouped by path template, and the matching of a
/// request to them.
struct RouteTable: Sendable {
    /// The routes of one path template.
    /// A class, like ``Route``: every request's context holds its path, and
    /// a copy of a struct of arrays cost a retain and a release per array.
    final class Path: Sendable {
        let pattern: PathPattern
        /// The position of the template in ``RouteTable/paths``: its metrics label.
        let index: Int
        let routes: [Route]

        init(pattern: PathPattern, index: Int, routes: [Route]) {
            self.pattern = pattern
            self.index = index
            self.routes = routes
        }

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
    /// Each path's number of segments, in the order of ``paths``: most
    /// templates are passed over at this one comparison.
    private let segmentCounts: [Int]
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
        segmentCounts = paths.map(\.pattern.segments.count)
        maxSegments = segmentCounts.max() ?? 0
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
            return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: maxSegments) { segments in
                guard let (count, isPlain) = Self.split(bytes, into: segments) else { return nil }
                let ranges = UnsafeBufferPointer(rebasing: segments[..<count])
                // Plain ASCII without escapes, every path of this API: segments are
                // compared where they lie, and only a parameter's value becomes a
                // `String` (a decoded copy of every segment cost ~1,500
                // instructions a request, twice for a request with a body).
                if isPlain {
                    for index in segmentCounts.indices where segmentCounts[index] == count {
                        // Indexed in place: a local copy of the path retained it for
                        // every template tried (~30 instructions each).
                        if let parameters = paths[index].pattern.match(ranges, in: bytes) { return (paths[index], parameters) }
                    }
                    return nil
                }
                // Each segment decoded on its own: a `%2F` is data, never a separator.
                var decoded: [String] = []
                decoded.reserveCapacity(count)
                for range in ranges {
                    guard let segment = PercentDecoding.decodePathSegment(UnsafeBufferPointer(rebasing: bytes[range])) else {
                        return nil
                    }
                    decoded.append(segment)
                }
                for path in paths {
                    if let parameters = path.pattern.match(decoded) { return (path, parameters) }
                }
                return nil
            }
        }
    }

    /// The segments of `path` after its leading `/`, as ranges of it in
    /// `segments`: their count, and whether the path is plain (ASCII
    /// without a `%` escape); nil when there are more than `segments` holds.
    private static func split(
        _ path: UnsafeBufferPointer<UInt8>, into segments: UnsafeMutableBufferPointer<Range<Int>>
    ) -> (count: Int, isPlain: Bool)? {
        // One pass without branches (the compiler vectorizes it), and
        // `memchr` for the separators: a loop testing each byte for both
        // cost ~12 instructions a byte.
        var unplain: UInt8 = 0
        for byte in path { unplain |= byte & 0x80 | (byte == UInt8(ascii: "%") ? 1 : 0) }
        guard let base = path.baseAddress else { return nil }
        var count = 0
        var start = 1
        while true {
            var end = path.count
            if start < path.count, let slash = memchr(base + start, Int32(UInt8(ascii: "/")), path.count - start) {
                end = UnsafeRawPointer(slash) - UnsafeRawPointer(base)
            }
            guard count < segments.count else { return nil }
            segments[count] = start..<end
            count += 1
            guard end < path.count else { return (count, unplain == 0) }
            start = end + 1
        }
    }
}
