import Foundation
import Sessions
import StoreTestSupport
import TestSupport
import Testing

@testable import PostgresStore

/// The change feed the live streams consume, over `LISTEN`/`NOTIFY`: an
/// append through one store (one instance) is reported to a listener of
/// another, also after the database restarted under it.
@Suite("PostgresStore change feed", .timeLimit(.minutes(10)), .hangGuard)
struct PostgresChangeFeedTests {
    @Test func anAppendByOneInstanceIsReportedToAnother() throws {
        try PostgresTestCluster.shared().withTwoStores { writer, reader in
            let seen = LockedBox<[String]>([])
            #expect(reader.observeChanges { id, version in seen.withLock { $0.append("\(id) \(version)") } })
            var version = 0
            try Self.appendUntilSeen(writer, seen, number: 1, version: &version)
            try writer.append(Journal.event(1, version: version + 1), expectedVersion: version)
            try waitUntil("the report of version \(version + 1)") { seen.withLock { $0.contains("\(Journal.id(1)) \(version + 1)") } }
        }
    }

    /// Changes that come faster than one notifying transaction every
    /// `gatheringSeconds` go together (``PostgresChangeNotifier``), and
    /// every one of them is reported. Unpaced, each of these appends, a
    /// millisecond apart, had a transaction of its own.
    @Test func changesThatComeCloseTogetherShareANotifyingTransaction() throws {
        try PostgresTestCluster.shared().withTwoStores { writer, reader in
            let seen = LockedBox<[String]>([])
            #expect(reader.observeChanges { id, version in seen.withLock { $0.append("\(id) \(version)") } })
            var version = 0
            try Self.appendUntilSeen(writer, seen, number: 3, version: &version)
            let first = version + 1
            let before = writer.notifyingTransactions
            let start = DispatchTime.now()
            for _ in 0..<60 {
                try writer.append(Journal.event(3, version: version + 1), expectedVersion: version)
                version += 1
                usleep(1000)
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            let expected = (first...version).map { "\(Journal.id(3)) \($0)" }
            try waitUntil("the reports of all 60 appends") { seen.withLock { Set($0).isSuperset(of: expected) } }
            let transactions = writer.notifyingTransactions - before
            #expect(transactions >= 1)
            #expect(
                transactions <= Int(elapsed / PostgresChangeNotifier.gatheringSeconds) + 2, "\(transactions) transactions in \(elapsed) s")
        }
    }

    /// The listener listens again by itself once the database is back.
    @Test func theFeedListensAgainAfterARestart() throws {
        let cluster = try PostgresTestCluster()
        try cluster.withTwoStores { writer, reader in
            let seen = LockedBox<[String]>([])
            #expect(reader.observeChanges { id, _ in seen.withLock { $0.append(id) } })
            var first = 0
            try Self.appendUntilSeen(writer, seen, number: 1, version: &first)
            cluster.stop(signal: SIGINT)
            try cluster.start()
            var second = 0
            try Self.appendUntilSeen(writer, seen, number: 2, version: &second)
            #expect(seen.withLock { $0.contains(Journal.id(2)) })
        }
    }

    /// Appends to session `number` until the listener has reported it (it
    /// may not be listening yet when the first ones commit).
    private static func appendUntilSeen(_ writer: PostgresStore, _ seen: LockedBox<[String]>, number: Int, version: inout Int) throws {
        var appended = version
        try waitUntil("the listener to report an append of session \(number)", pollingEvery: 0.02) {
            appended += 1
            let record = appended == 1 ? Journal.created(number) : Journal.event(number, version: appended)
            try writer.append(record, expectedVersion: appended - 1)
            return seen.withLock { $0.contains { $0.hasPrefix(Journal.id(number)) } }
        }
        version = appended
    }
}
