/// One kind of link a flow follows: a path pattern such as `/rates/{code}`,
/// where a `{name}` segment matches any one segment and names its value.
///
/// Clients read a flow's patterns in `GET /v1/flows`, with the description
/// saying what the link shows.
public struct LinkPattern: Sendable, Equatable {
    /// As written: `/rates/{code}`.
    public let pattern: String
    /// What following the link shows, for people reading `GET /v1/flows`.
    public let description: String
    private let segments: [Segment]

    private enum Segment: Sendable, Equatable {
        case literal(String)
        case value(String)
    }

    /// A pattern of literal segments and `{name}` segments; `"/"` alone
    /// matches the empty path.
    public init(_ pattern: String, description: String) {
        self.pattern = pattern
        self.description = description
        self.segments = pattern.split(separator: "/").map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2
                ? .value(String(segment.dropFirst().dropLast())) : .literal(String(segment))
        }
    }

    /// `link` with the values this pattern names, or nil when it does not match.
    public func match(_ link: DeepLink) -> DeepLink? {
        guard link.segments.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (segment, given) in zip(segments, link.segments) {
            switch segment {
            case .literal(let literal): guard literal == given else { return nil }
            case .value(let name): values[name] = given
            }
        }
        return link.matched(by: self, values: values)
    }
}
