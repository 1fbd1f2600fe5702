import Platform

/// Request durations per route, as a Prometheus histogram: a counter per
/// bucket and a sum, all lock-free.
struct DurationHistogram: Sendable {
    /// Upper bounds in seconds, as written in the `le` label: 100 µs to 5 s,
    /// dense where this server's requests fall (well under a millisecond).
    static let bounds: [(label: String, nanoseconds: Int)] = [
        ("0.0001", 100_000), ("0.00025", 250_000), ("0.0005", 500_000),
        ("0.001", 1_000_000), ("0.0025", 2_500_000), ("0.005", 5_000_000),
        ("0.01", 10_000_000), ("0.025", 25_000_000), ("0.05", 50_000_000),
        ("0.1", 100_000_000), ("0.25", 250_000_000), ("0.5", 500_000_000),
        ("1", 1_000_000_000), ("2.5", 2_500_000_000), ("5", 5_000_000_000),
    ]
    /// The finite buckets and `+Inf`.
    private static var bucketsPerRoute: Int { bounds.count + 1 }

    /// Per route, how many fell in each bucket (not cumulative: cumulated when rendered).
    private let buckets: AtomicCounters
    private let sumNanoseconds: AtomicCounters

    init(routes: Int) {
        buckets = AtomicCounters(count: routes * Self.bucketsPerRoute)
        sumNanoseconds = AtomicCounters(count: routes)
    }

    func record(route: Int, nanoseconds: Int) {
        var bucket = 0
        while bucket < Self.bounds.count && nanoseconds > Self.bounds[bucket].nanoseconds {
            bucket += 1
        }
        buckets.add(1, at: route * Self.bucketsPerRoute + bucket)
        sumNanoseconds.add(nanoseconds, at: route)
    }

    /// The route's cumulative bucket counts (the last is `+Inf`, the count)
    /// and its sum in seconds.
    func snapshot(route: Int) -> (cumulative: [Int], sumSeconds: Double) {
        var cumulative: [Int] = []
        cumulative.reserveCapacity(Self.bucketsPerRoute)
        var total = 0
        for bucket in 0..<Self.bucketsPerRoute {
            total += buckets.value(at: route * Self.bucketsPerRoute + bucket)
            cumulative.append(total)
        }
        return (cumulative, Double(sumNanoseconds.value(at: route)) / 1e9)
    }
}
