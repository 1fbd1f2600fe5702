import HTTPCore

/// A request path matched to an ``Endpoint``, with the session id it names.
///
/// Matching splits the raw path on `/` and compares segments; it never uses a
/// regular expression. Each segment is percent-decoded on its own, so `%2F`
/// inside a segment is data, never a separator. A trailing slash, an empty
/// segment, or a malformed `%` escape matches nothing (404).
struct Route: Sendable, Equatable {
    let endpoint: Endpoint
    /// The decoded `{id}` segment, for the endpoints under `/v1/sessions/{id}`;
    /// not yet checked to be a well-formed session id.
    let sessionID: String?
    /// The decoded `{file}` segment of `/app/{file}`: a path under `web/`.
    let assetPath: String?

    /// No path of this API has more segments than this.
    private static let maxSegments = 4

    /// The route of `path`, or `nil` when no endpoint has that path.
    init?(path: String) {
        guard let segments = Self.decodedSegments(of: path) else { return nil }
        switch segments.count {
        case 1:
            switch segments[0] {
            case "": self.init(.webClient)
            case "healthz": self.init(.health)
            case "readyz": self.init(.readiness)
            case "metrics": self.init(.metrics)
            case "openapi.yaml": self.init(.openAPIDocument)
            default: return nil
            }
        case 2 where segments[0] == "app" && !segments[1].isEmpty:
            self.init(.webAsset, assetPath: segments[1])
        case 2 where segments[0] == "v1":
            switch segments[1] {
            case "flows": self.init(.flows)
            case "sessions": self.init(.sessions)
            default: return nil
            }
        case 3 where segments[0] == "v1" && segments[1] == "sessions" && !segments[2].isEmpty:
            self.init(.session, sessionID: segments[2])
        case 4 where segments[0] == "v1" && segments[1] == "sessions" && !segments[2].isEmpty:
            switch segments[3] {
            case "events": self.init(.events, sessionID: segments[2])
            case "history": self.init(.history, sessionID: segments[2])
            case "links": self.init(.links, sessionID: segments[2])
            case "stream": self.init(.stream, sessionID: segments[2])
            default: return nil
            }
        default:
            return nil
        }
    }

    private init(_ endpoint: Endpoint, sessionID: String? = nil, assetPath: String? = nil) {
        self.endpoint = endpoint
        self.sessionID = sessionID
        self.assetPath = assetPath
    }

    /// The path's segments after the leading `/`, each percent-decoded; `nil`
    /// when the path does not start with `/`, has too many segments, or holds
    /// a malformed escape.
    private static func decodedSegments(of path: String) -> [String]? {
        // Split the contiguous bytes by hand: `split` on a `UTF8View` goes
        // through generic index arithmetic that showed up in the profile of
        // every request.
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
