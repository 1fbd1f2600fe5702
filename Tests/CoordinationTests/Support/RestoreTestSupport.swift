import Testing

@testable import Coordination

extension Session {
    /// This session rebuilt from its record (id, flow, context, accepted events), as a
    /// restart rebuilds it; under `limits` when given, else under its own.
    func restored(limits: SessionLimits? = nil) throws(NavigationError) -> Session {
        try Session(restoring: id, flow: flow, context: context, acceptedEvents: acceptedEvents, limits: limits ?? self.limits)
    }

    /// The history document since every version a client may hold, 0
    /// through the current one, as text for readable failures.
    var historiesSinceEveryVersion: [String] {
        (0...version).map { String(decoding: historyDocument(since: $0), as: UTF8.self) }
    }
}

/// Expects `restored` to show exactly what `live` shows: version, accepted events,
/// byte count, document and history (from every version) byte for byte.
func expectSameSession(_ restored: Session, as live: Session, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(restored.version == live.version, sourceLocation: sourceLocation)
    #expect(restored.acceptedEvents == live.acceptedEvents, sourceLocation: sourceLocation)
    #expect(restored.byteCount == live.byteCount, sourceLocation: sourceLocation)
    #expect(restored.isFinished == live.isFinished, sourceLocation: sourceLocation)
    #expect(restored.documentText == live.documentText, sourceLocation: sourceLocation)
    #expect(restored.historiesSinceEveryVersion == live.historiesSinceEveryVersion, sourceLocation: sourceLocation)
}

/// Expects restoring a `flow` session that accepted `events` to throw
/// ``NavigationError/Kind/flowFailure`` whose detail names accepted event
/// `number` (1-based) as `'event' on screen`.
func expectReplayFailure(
    of events: [ClientEvent], flow: Flow = .workbench, atEvent number: Int, _ event: String, on screen: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let session = try Session(restoring: "restored", flow: flow, context: [:], acceptedEvents: events)
        Issue.record("the events replayed to version \(session.version)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.kind == .flowFailure, "\(error)", sourceLocation: sourceLocation)
        #expect(
            error.detail.contains("accepted event \(number) ('\(event)' on \(screen))"), "\(error)",
            sourceLocation: sourceLocation)
    }
}
