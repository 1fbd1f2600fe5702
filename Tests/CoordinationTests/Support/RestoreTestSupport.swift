import Testing

@testable import Coordination

extension Session {
    /// This session rebuilt from its record (id, flow, context, journal), as a
    /// restart rebuilds it; under `limits` when given, else under its own.
    func restored(limits: SessionLimits? = nil) throws(NavigationError) -> Session {
        try Session(restoring: id, flow: flow, context: context, journal: journal, limits: limits ?? self.limits)
    }

    /// The history document since every version a client may hold, 0
    /// through the current one, as text for readable failures.
    var historiesSinceEveryVersion: [String] {
        (0...version).map { String(decoding: historyDocument(since: $0), as: UTF8.self) }
    }
}

/// Expects `restored` to show exactly what `live` shows: version, journal,
/// byte count, document and history (from every version) byte for byte.
func expectSameSession(_ restored: Session, as live: Session, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(restored.version == live.version, sourceLocation: sourceLocation)
    #expect(restored.journal == live.journal, sourceLocation: sourceLocation)
    #expect(restored.byteCount == live.byteCount, sourceLocation: sourceLocation)
    #expect(restored.isFinished == live.isFinished, sourceLocation: sourceLocation)
    #expect(restored.documentText == live.documentText, sourceLocation: sourceLocation)
    #expect(restored.historiesSinceEveryVersion == live.historiesSinceEveryVersion, sourceLocation: sourceLocation)
}

/// Expects restoring a `flow` session from `journal` to throw
/// ``NavigationError/Kind/flowFailure`` whose detail names accepted event
/// `number` (1-based) as `'event' on screen`.
func expectReplayFailure(
    of journal: [ClientEvent], flow: Flow = .workbench, atEvent number: Int, _ event: String, on screen: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let session = try Session(restoring: "restored", flow: flow, context: [:], journal: journal)
        Issue.record("the journal replayed to version \(session.version)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.kind == .flowFailure, "\(error)", sourceLocation: sourceLocation)
        #expect(
            error.detail.contains("accepted event \(number) ('\(event)' on \(screen))"), "\(error)",
            sourceLocation: sourceLocation)
    }
}
