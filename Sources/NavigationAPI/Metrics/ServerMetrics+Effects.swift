import Coordination
import Sessions

extension ServerMetrics {
    /// The effects' families, by effect name: started, outcomes by kind
    /// (`success`, `rejected`, `unavailable`, `timedOut`, `interrupted`),
    /// and how long they took. Effect names come from the flows' code, so
    /// their number is bounded by it.
    func renderEffects(_ statistics: EffectStatistics, into page: inout PrometheusTextWriter) {
        let started = "navigation_effects_started_total"
        page.family(started, type: "counter", help: "Effects started (performed), by effect name, since start.")
        for name in statistics.names {
            page.sample(started, ["effect": name], statistics.perName[name]?.started ?? 0)
        }
        let outcomes = "navigation_effect_outcomes_total"
        page.family(outcomes, type: "counter", help: "Effect outcomes recorded, by effect name and kind, since start.")
        let kinds = ["success"] + EffectFailure.Kind.allCases.map(\.rawValue)
        for name in statistics.names {
            for kind in kinds {
                page.sample(outcomes, ["effect": name, "outcome": kind], statistics.perName[name]?.outcomes[kind] ?? 0)
            }
        }
        let duration = "navigation_effect_duration_seconds"
        page.family(duration, type: "histogram", help: "Time from an effect's start to its outcome, by effect name.")
        for name in statistics.names {
            guard let counts = statistics.perName[name] else { continue }
            var cumulative = 0
            for (bound, count) in zip(EffectStatistics.bucketBounds, counts.buckets) {
                cumulative += count
                page.sample(duration + "_bucket", ["effect": name, "le": String(bound)], cumulative)
            }
            let total = counts.buckets.reduce(0, +)
            page.sample(duration + "_bucket", ["effect": name, "le": "+Inf"], total)
            page.sample(duration + "_sum", ["effect": name], String(counts.sumSeconds))
            page.sample(duration + "_count", ["effect": name], total)
        }
    }
}
