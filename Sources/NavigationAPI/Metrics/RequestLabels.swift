/// The labels one request is counted under, each turned into a slot index
/// so counting is an array access, never a dictionary or a string.
///
/// Label values come from fixed sets, never from what a client sent, so a
/// client cannot create new time series: the route is a path template of
/// the route table (or `unrouted`), the method one this API answers (or `OTHER`).
struct RequestLabels {
    /// The route of a request no path matched, or one refused before
    /// routing (a body over the limit).
    static let unroutedRoute = "unrouted"
    /// The method of a request with any method this API never answers.
    static let otherMethod = "OTHER"

    static let methods: [String] = HTTPMethod.allCases.map(\.rawValue) + [otherMethod]
    /// Statuses are counted exactly in this range; the API sends no other.
    static let statuses = 100...599

    /// Every route label, and the slots they make.
    struct Space: Sendable {
        /// The path templates in order, then `unrouted`.
        let routes: [String]

        init(routes templates: [String]) {
            routes = templates + [RequestLabels.unroutedRoute]
        }

        var slotCount: Int { routes.count * RequestLabels.methods.count * RequestLabels.statuses.count }
    }

    let routeIndex: Int
    let methodIndex: Int
    let statusIndex: Int

    /// - Parameters:
    ///   - path: the position of the request's path template, nil when none matched.
    ///   - method: nil for a method this API never answers.
    init(path: Int?, method: HTTPMethod?, status: Int, in space: Space) {
        routeIndex = path ?? space.routes.count - 1
        methodIndex = method.map(Self.index(of:)) ?? Self.methods.count - 1
        statusIndex = min(max(status, Self.statuses.lowerBound), Self.statuses.upperBound) - Self.statuses.lowerBound
    }

    /// The request counter's slot.
    var slot: Int {
        (routeIndex * Self.methods.count + methodIndex) * Self.statuses.count + statusIndex
    }

    private static func index(of method: HTTPMethod) -> Int {
        HTTPMethod.allCases.firstIndex(of: method) ?? 0
    }
}
