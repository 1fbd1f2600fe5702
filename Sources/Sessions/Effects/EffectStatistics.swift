import Coordination
import Platform

/// What `/metrics` reports of effects, per effect name: how many were
/// started, their outcomes by kind, and how long they took.
public struct EffectStatistics: Sendable, Equatable {
    public struct PerName: Sendable, Equatable {
        public var started = 0
        /// Outcomes by kind: `success`, or an ``EffectFailure/Kind`` raw value.
        public var outcomes: [String: Int] = [:]
        /// Durations in seconds: each bucket's count (not cumulative), for
        /// ``EffectStatistics/bucketBounds``, then `+Inf`.
        public var buckets: [Int] = Array(repeating: 0, count: EffectStatistics.bucketBounds.count + 1)
        public var sumSeconds = 0.0
    }

    /// The upper bounds of the duration buckets, in seconds.
    public static let bucketBounds: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    /// By effect name, in the order first seen.
    public var names: [String] = []
    public var perName: [String: PerName] = [:]
}

/// Counts effects as they start and end (``EffectStatistics``). Effects
/// are few next to requests: one lock is enough.
final class EffectCounters: Sendable {
    private let statistics = Locked(EffectStatistics())

    func started(_ name: String) {
        statistics.withLock { statistics in
            if statistics.perName[name] == nil { statistics.names.append(name) }
            statistics.perName[name, default: .init()].started += 1
        }
    }

    func ended(_ name: String, _ outcome: EffectOutcome, seconds: Double) {
        let kind =
            switch outcome {
            case .success: "success"
            case .failure(let failure): failure.kind.rawValue
            }
        let bucket = EffectStatistics.bucketBounds.firstIndex { seconds <= $0 } ?? EffectStatistics.bucketBounds.count
        statistics.withLock { statistics in
            if statistics.perName[name] == nil { statistics.names.append(name) }
            statistics.perName[name, default: .init()].outcomes[kind, default: 0] += 1
            statistics.perName[name]?.buckets[bucket] += 1
            statistics.perName[name]?.sumSeconds += seconds
        }
    }

    func snapshot() -> EffectStatistics { statistics.withLock { $0 } }
}
