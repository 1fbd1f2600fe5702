import TestSupport
import Testing

@testable import Coordination
@testable import Sessions

/// ``SessionRegistry/releaseIdleDocuments()``: cached sessions idle for
/// longer than ``SessionLimits/documentIdleTimeout`` free their rendered
/// documents, each once, and keep everything else.
@Suite("Releasing idle documents", .timeLimit(.minutes(10)), .hangGuard)
struct DocumentReleaseTests {
    private func registry(documentIdleTimeout: Double, clock: ManualClock) -> SessionRegistry {
        var limits = SessionLimits()
        limits.documentIdleTimeout = documentIdleTimeout
        return SessionRegistry(flows: [.workbench], limits: limits, clock: { clock.now })
    }

    /// Whether the cached session holds a document, without touching it
    /// (a request would stamp its last access).
    private func holdsDocument(_ registry: SessionRegistry, _ id: String) throws -> Bool {
        let box = try #require(registry.cache.box(for: id))
        return box.content.withLock { content in
            if case .live(let session) = content { return session.holdsDocument }
            return false
        }
    }

    @Test func onlySessionsIdleForLongerThanTheTimeoutReleaseTheirDocuments() throws {
        let clock = ManualClock()
        let registry = registry(documentIdleTimeout: 5, clock: clock)
        let early = try registry.create(flow: "workbench", context: nil)
        clock.advance(by: 3)
        let late = try registry.create(flow: "workbench", context: nil)
        #expect(registry.releaseIdleDocuments() == 0)
        #expect(try holdsDocument(registry, early.id) && holdsDocument(registry, late.id))

        clock.advance(by: 2.5)
        #expect(registry.releaseIdleDocuments() == 1)
        #expect(try !holdsDocument(registry, early.id))
        #expect(try holdsDocument(registry, late.id))
        #expect(registry.cachedCount == 2)

        clock.advance(by: 3)
        #expect(registry.releaseIdleDocuments() == 1)
        #expect(try !holdsDocument(registry, late.id))
        #expect(registry.releaseIdleDocuments() == 0)
        #expect(registry.statistics.documentsReleased == 2)

        // The next request renders the same document, kept until idle again.
        #expect(try registry.document(of: early.id).document == early.document)
        #expect(try holdsDocument(registry, early.id))
        clock.advance(by: 5.5)
        #expect(registry.releaseIdleDocuments() == 1)
        #expect(registry.statistics.documentsReleased == 3)
    }

    /// Each pass looks only at sessions that went idle since the one before
    /// (with one timeout of overlap); a session used between two passes is
    /// still released by a later one, however the passes fall.
    @Test func noSessionIsMissedBetweenPasses() throws {
        let clock = ManualClock()
        let registry = registry(documentIdleTimeout: 5, clock: clock)
        var ids: [String] = []
        for _ in 0..<20 {
            ids.append(try registry.create(flow: "workbench", context: nil).id)
            clock.advance(by: 0.7)
            registry.releaseIdleDocuments()
        }
        clock.advance(by: 5.1)
        registry.releaseIdleDocuments()
        for id in ids { #expect(try !holdsDocument(registry, id)) }
        #expect(registry.statistics.documentsReleased == 20)

        // Used after its release, long after the pass that released it.
        clock.advance(by: 100)
        _ = try registry.document(of: ids[0])
        clock.advance(by: 5.5)
        #expect(registry.releaseIdleDocuments() == 1)
    }

    @Test func anEventAfterAReleaseAnswersTheDocumentOfItsVersion() throws {
        let clock = ManualClock()
        let registry = registry(documentIdleTimeout: 1, clock: clock)
        let created = try registry.create(flow: "workbench", context: nil)
        clock.advance(by: 2)
        #expect(registry.releaseIdleDocuments() == 1)
        let sent = try registry.send(ClientEvent(screen: "s1", event: "push", payload: ["name": "detail"]), to: created.id)
        #expect(sent.version == 2)
        let fresh = try registry.withSession(created.id) { SessionDocument.render($0).bytes.array }
        #expect(sent.document == fresh)
    }
}
