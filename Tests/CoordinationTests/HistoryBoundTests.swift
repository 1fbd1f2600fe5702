import TestSupport
import Testing

@testable import Coordination

/// The history keeps exactly its last `limit` entries however many are
/// appended, and says when entries a client asks for were dropped.
@Suite("History bound", .timeLimit(.minutes(10)), .hangGuard)
struct HistoryBoundTests {
    @Test(arguments: [1, 3, 8])
    func keepsTheLastEntriesThroughManyDrops(limit: Int) {
        var history = History(limit: limit)
        let screen = Screen("s")
        for version in 1...(limit * 5 + 2) {
            history.append(
                version: version, operation: .update, screen: screen, presentation: nil,
                coordinator: CoordinatorType(type: Coordinator.self), animated: false,
                byUser: false)
            let expected = Array(max(1, version - limit + 1)...version)
            #expect(history.entries.map(\.version) == expected)
            #expect(history.entries.map(\.seq) == expected)
            #expect(history.entries.allSatisfy { $0.coordinator == "Coordinator" })
        }
        let newest = limit * 5 + 2
        let (kept, truncated) = history.entries(since: newest - limit)
        #expect(kept.map(\.version) == Array((newest - limit + 1)...newest))
        #expect(!truncated)
        #expect(history.entries(since: newest - limit - 1).truncated)
    }
}
