import Coordination
import Platform
import Sessions

/// What `GET /metrics` reports: requests by route, method and status, their
/// durations, sessions, events by flow and outcome, and the build.
///
/// Recording is lock-free (one relaxed atomic add per counter) so it costs
/// requests nothing measurable; only a scrape walks the counters.
public final class ServerMetrics: Sendable {
    private let labels: RequestLabels.Space
    private let requests: AtomicCounters
    private let durations: DurationHistogram

    /// - Parameter paths: the path templates requests are counted under, in order.
    init(paths: [String]) {
        labels = RequestLabels.Space(routes: paths)
        requests = AtomicCounters(count: labels.slotCount)
        durations = DurationHistogram(routes: labels.routes.count)
    }

    /// Counts one answered request that took `nanoseconds` in the handler;
    /// `path` is the position of its path template (nil: no route matched).
    /// - Parameter method: nil for one this API never answers (`OTHER`).
    func recordRequest(path: Int?, method: HTTPMethod?, status: Int, nanoseconds: Int) {
        let labels = RequestLabels(path: path, method: method, status: status, in: labels)
        requests.add(1, at: labels.slot)
        durations.record(route: labels.routeIndex, nanoseconds: max(0, nanoseconds))
    }

    /// The exposition page, with the registry's session counts as they are now.
    func render(registry: SessionRegistry, openStreams: Int = 0, overflowedStreams: Int = 0, backendSlots: Int = 0) -> [UInt8] {
        var page = PrometheusTextWriter()
        renderRequests(into: &page)
        renderDurations(into: &page)
        let statistics = registry.statistics
        page.metric("navigation_sessions_live", type: "gauge", help: "Sessions alive now.", value: registry.count)
        page.metric(
            "navigation_sessions_created_total", type: "counter", help: "Sessions started since the server started.",
            value: statistics.created)
        page.metric(
            "navigation_sessions_ended_total", type: "counter",
            help: "Sessions ended by a client (DELETE) or after a flow failure.", value: statistics.ended)
        page.metric(
            "navigation_sessions_evicted_total", type: "counter", help: "Sessions removed after their idle time ran out.",
            value: statistics.evicted)
        page.metric(
            "navigation_sessions_flow_changed_total", type: "counter",
            help: "Sessions whose journal this server's flows could not replay (410 flow-changed), since start.",
            value: statistics.flowChanged)
        page.metric(
            "navigation_sessions_diverged_total", type: "counter",
            help: "Sessions whose replay produced another document than the one recorded (410 flow-changed), since start.",
            value: statistics.diverged)
        page.metric(
            "navigation_sessions_migrated_total", type: "counter",
            help: "Sessions of retired flow versions taken over by a newer version (--retire-flow), since start.",
            value: statistics.migrated)
        page.metric(
            "navigation_sessions_cached", type: "gauge", help: "Sessions whose coordinator trees are in memory.",
            value: registry.cachedCount)
        page.metric(
            "navigation_session_documents_released_total", type: "counter",
            help: "Rendered documents of cached sessions freed after --document-ttl without a request, since start.",
            value: statistics.documentsReleased)
        page.metric(
            "navigation_store_available", type: "gauge", help: "1 while the session store takes reads and writes, else 0.",
            value: registry.isStoreAvailable ? 1 : 0)
        page.metric(
            "navigation_streams_open", type: "gauge", help: "Live-update streams (GET .../stream) open now.", value: openStreams)
        page.metric(
            "navigation_streams_overflowed_total", type: "counter",
            help: "Streams closed because their client read too slowly (its queue passed its bound), since start.",
            value: overflowedStreams)
        renderFlowVersions(registry.flowOverviews(), into: &page)
        page.metric(
            "navigation_fleet_instances", type: "gauge",
            help: "Live instances on the shared store at the last lease renewal, this one included (1 without one).",
            value: registry.fleetInstanceCount)
        renderEvents(of: registry, into: &page)
        renderEffects(registry.effectStatistics, into: &page)
        page.metric(
            "navigation_backend_slots", type: "gauge",
            help: "Calls to backends (--backend) in flight at once at the most; the others wait for a slot. 0 without a backend.",
            value: backendSlots)
        page.metric(
            "navigation_build_info", type: "gauge", help: "Always 1; the labels describe this build.",
            labels: ["version": BuildInfo.version, "swift": BuildInfo.swiftVersion], value: 1)
        return page.bytes
    }

    private func renderRequests(into page: inout PrometheusTextWriter) {
        let name = "navigation_http_requests_total"
        page.family(name, type: "counter", help: "Requests answered, by route template, method and status.")
        var slot = 0
        for route in labels.routes {
            for method in RequestLabels.methods {
                for status in RequestLabels.statuses {
                    let count = requests.value(at: slot)
                    slot += 1
                    guard count > 0 else { continue }
                    page.sample(name, ["route": route, "method": method, "status": String(status)], count)
                }
            }
        }
    }

    private func renderDurations(into page: inout PrometheusTextWriter) {
        let name = "navigation_http_request_duration_seconds"
        page.family(name, type: "histogram", help: "Time the handler took to answer, by route template.")
        for (index, route) in labels.routes.enumerated() {
            let (cumulative, sumSeconds) = durations.snapshot(route: index)
            guard let count = cumulative.last, count > 0 else { continue }
            for (bound, bucketCount) in zip(DurationHistogram.bounds, cumulative) {
                page.sample(name + "_bucket", ["route": route, "le": bound.label], bucketCount)
            }
            page.sample(name + "_bucket", ["route": route, "le": "+Inf"], count)
            page.sample(name + "_sum", ["route": route], String(sumSeconds))
            page.sample(name + "_count", ["route": route], count)
        }
    }

    /// Live sessions of each hosted flow version, and which version new sessions start on.
    private func renderFlowVersions(_ flows: [FlowOverview], into page: inout PrometheusTextWriter) {
        let sessions = "navigation_flow_version_sessions"
        page.family(sessions, type: "gauge", help: "Live sessions by flow and the flow version they are pinned to.")
        for flow in flows {
            for version in flow.versions {
                page.sample(sessions, ["flow": flow.name, "version": String(version.version)], version.sessions)
            }
        }
        let current = "navigation_flow_version_current"
        page.family(current, type: "gauge", help: "1 for the version of each flow new sessions start on (without a ramp), else 0.")
        for flow in flows {
            for version in flow.versions {
                page.sample(current, ["flow": flow.name, "version": String(version.version)], version.isCurrent ? 1 : 0)
            }
        }
        let ramp = "navigation_flow_version_ramp_percent"
        page.family(ramp, type: "gauge", help: "The percentage of new sessions a ramp (--flow-version NAME=V:PERCENT) starts on a version.")
        for flow in flows {
            for version in flow.versions {
                guard let percent = version.rampPercent else { continue }
                page.sample(ramp, ["flow": flow.name, "version": String(version.version)], percent)
            }
        }
    }

    private func renderEvents(of registry: SessionRegistry, into page: inout PrometheusTextWriter) {
        let name = "navigation_events_total"
        page.family(
            name, type: "counter",
            help: "Events sent to live sessions, by flow and outcome (accepted, or the problem type of the refusal).")
        var counted: Set<String> = []
        for flow in registry.flows.map(\.name) where counted.insert(flow).inserted {
            for outcome in EventOutcome.all {
                page.sample(name, ["flow": flow, "outcome": Self.label(of: outcome)], registry.eventCounts.count(flow: flow, outcome))
            }
        }
    }

    /// The `outcome` label: `accepted`, or the problem type of the refusal
    /// (`event-not-accepted`, `version-mismatch`, …).
    static func label(of outcome: EventOutcome) -> String {
        switch outcome {
        case .accepted: "accepted"
        case .refused(let kind): ProblemType(kind).rawValue
        }
    }

    /// Nanoseconds on the monotonic clock, for request durations.
    static func monotonicNanoseconds() -> Int {
        SystemClock.monotonicNanoseconds()
    }
}
