import FileStore
import PostgresStore
import RedisStore
import StoreTestSupport
import TestSupport
import Testing

@testable import Sessions

/// The rules every store follows, checked on the memory store, the file
/// store, the Redis store and the PostgreSQL store alike (the Redis store on
/// a redis-server of its own, the PostgreSQL store on a database of its own
/// in the test process's cluster).
@Suite("SessionStore contract", .timeLimit(.minutes(10)), .hangGuard)
struct SessionStoreContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, file, redis, postgres
        var testDescription: String { rawValue }
    }

    /// A store of `kind`; the directory (for the file store) lives as long
    /// as the returned value.
    static func makeStore(_ kind: Kind) throws -> (store: any SessionStore, directory: Any) {
        let directory = TemporaryDirectory()
        switch kind {
        case .memory: return (MemoryStore(), directory)
        case .file: return (try FileStore(directory: directory.path, options: options()), directory)
        case .redis:
            let server = try RedisTestServer()
            let url = try #require(RedisURL(server.url))
            return (RedisStore(url: url, idleTimeout: 3600), server)
        case .postgres:
            let cluster = try PostgresTestCluster.shared()
            let url = try #require(PostgresURL(try cluster.createDatabase()))
            return (PostgresStore(url: url), cluster)
        }
    }

    /// Runs `body` on a store of `kind`, closed afterwards.
    static func withStore(_ kind: Kind, _ body: (any SessionStore) throws -> Void) throws {
        let (store, directory) = try makeStore(kind)
        defer {
            store.close()
            _ = directory
        }
        try body(store)
    }

    @Test(arguments: Kind.allCases)
    func appendsInOrderAndServesRecordsAfterAVersion(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            let first = Journal.session(1, versions: 4)
            let second = Journal.session(2, versions: 2)
            try Journal.append(first, to: store)
            try Journal.append(second, to: store)

            #expect(try store.records(of: Journal.id(1), after: 0) == first)
            #expect(try store.records(of: Journal.id(1), after: 2) == Array(first[2...]))
            #expect(try store.records(of: Journal.id(1), after: 4) == [])
            #expect(try store.records(of: Journal.id(2), after: 1) == [second[1]])
            #expect(
                try store.summary(of: Journal.id(1))
                    == SessionSummary(
                        id: Journal.id(1), lastVersion: 4, lastActivity: first[3].time, ended: false,
                        bytes: first.reduce(0) { $0 + $1.storedSize }
                    ))
            #expect(Set(store.sessions().map(\.id)) == [Journal.id(1), Journal.id(2)])
        }
    }

    /// A caller that parsed the session id already hands the key along;
    /// the record is stored and checked exactly as without it.
    @Test(arguments: Kind.allCases)
    func anAppendGivenTheKeyIsTheSameAppend(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            let records = Journal.session(1, versions: 3)
            let key = try #require(SessionKey(hex: Journal.id(1)))
            for record in records { try store.append(record, expectedVersion: record.version - 1, key: key) }
            #expect(try store.records(of: Journal.id(1), after: 0) == records)
            #expect(try store.summary(of: Journal.id(1))?.lastVersion == 3)
            #expect(throws: StoreError.conflict(currentVersion: 3)) {
                try store.append(Journal.event(1, version: 3), expectedVersion: 2, key: key)
            }
            #expect(throws: StoreError.self) {
                try store.append(Journal.event(1, version: 6), expectedVersion: 3, key: key)
            }
            #expect(try store.records(of: Journal.id(1), after: 0) == records)
        }
    }

    @Test(arguments: Kind.allCases)
    func aWrongExpectedVersionIsAConflictWithTheCurrentVersion(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            try Journal.append(Journal.session(1, versions: 3), to: store)

            #expect(throws: StoreError.conflict(currentVersion: 3)) {
                try store.append(Journal.event(1, version: 3), expectedVersion: 2)
            }
            #expect(throws: StoreError.conflict(currentVersion: 3)) {
                try store.append(Journal.created(1), expectedVersion: 0)
            }
            #expect(try store.summary(of: Journal.id(1))?.lastVersion == 3)
            #expect(try store.records(of: Journal.id(1), after: 0).count == 3)
        }
    }

    /// The byte count is kept as records arrive (the memory store no longer
    /// sums the journal per summary): it follows every append, ignores a
    /// refused one, and starts again for a dropped session.
    @Test(arguments: Kind.allCases)
    func summaryBytesFollowEveryAppendAndNoRefusedOne(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            var appended: [JournalRecord] = []
            for (index, record) in Journal.session(1, versions: 5).enumerated() {
                let sized = JournalRecord(
                    sessionID: record.sessionID, version: record.version, kind: record.kind, time: record.time,
                    body: Journal.body(1, record.version, size: 40 * (index + 1)))
                try store.append(sized, expectedVersion: sized.version - 1)
                appended.append(sized)
                #expect(try store.summary(of: Journal.id(1))?.bytes == appended.reduce(0) { $0 + $1.storedSize })
            }
            let total = appended.reduce(0) { $0 + $1.storedSize }
            #expect(throws: StoreError.conflict(currentVersion: 5)) {
                try store.append(Journal.event(1, version: 5, bodySize: 500), expectedVersion: 4)
            }
            #expect(try store.summary(of: Journal.id(1))?.bytes == total)
            #expect(store.sessions().first { $0.id == Journal.id(1) }?.bytes == total)

            store.drop(Journal.id(1))
            try store.append(Journal.created(1), expectedVersion: 0)
            #expect(try store.summary(of: Journal.id(1))?.bytes == Journal.created(1).storedSize)
        }
    }

    @Test(arguments: Kind.allCases)
    func unknownAndEndedSessionsTakeNoRecords(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            #expect(throws: StoreError.notFound) { try store.append(Journal.event(7, version: 2), expectedVersion: 1) }
            #expect(throws: StoreError.notFound) { try store.records(of: Journal.id(7), after: 0) }
            #expect(try store.summary(of: Journal.id(7)) == nil)

            try Journal.append(Journal.session(1, versions: 2) + [Journal.ended(1, version: 3)], to: store)
            #expect(try store.summary(of: Journal.id(1))?.ended == true)
            #expect(throws: StoreError.notFound) { try store.append(Journal.event(1, version: 4), expectedVersion: 3) }
            // An event racing the end loses like any other append.
            #expect(throws: StoreError.conflict(currentVersion: 3)) { try store.append(Journal.event(1, version: 3), expectedVersion: 2) }
        }
    }

    @Test(arguments: Kind.allCases)
    func malformedRecordsAreRefusedBeforeTheStateIsLookedAt(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            var badID = Journal.created(1)
            badID.sessionID = "0123456789ABCDEF0123456789abcdef"
            var eventFirst = Journal.created(2)
            eventFirst.kind = .event
            var skipping = Journal.created(3)
            skipping.version = 2
            for (record, expected) in [(badID, 0), (eventFirst, 0), (skipping, 0), (Journal.event(4, version: 3), 1)] {
                #expect {
                    try store.append(record, expectedVersion: expected)
                } throws: { error in
                    if case StoreError.invalidRecord = error { return true }
                    return false
                }
            }
            #expect(store.sessions().isEmpty)
        }
    }

    @Test(arguments: Kind.allCases)
    func dropForgetsASession(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            try Journal.append(Journal.session(1, versions: 2) + [Journal.ended(1, version: 3)], to: store)
            try Journal.append(Journal.session(2, versions: 2), to: store)
            store.drop(Journal.id(1))
            #expect(try store.summary(of: Journal.id(1)) == nil)
            #expect(throws: StoreError.notFound) { try store.records(of: Journal.id(1), after: 0) }
            #expect(store.sessions().map(\.id) == [Journal.id(2)])
        }
    }

    /// What the idle sweep asks for: ended sessions and those last active
    /// before the cutoff, and no other.
    @Test(arguments: Kind.allCases)
    func listsOnlyEndedOrIdleSessionsForTheSweep(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            try Journal.append([Journal.created(1, time: 1_000)], to: store)
            try Journal.append([Journal.created(2, time: 5_000)], to: store)
            try Journal.append([Journal.created(3, time: 9_000)], to: store)
            try Journal.append([Journal.created(4, time: 9_500), Journal.ended(4, version: 2, time: 9_600)], to: store)
            let listed = { (before: Int64) in Set(store.sessions(endedOrIdleBefore: before).map(\.id)) }
            #expect(listed(5_000) == [Journal.id(1), Journal.id(4)])
            #expect(listed(5_001) == [Journal.id(1), Journal.id(2), Journal.id(4)])
            #expect(listed(0) == [Journal.id(4)])
            #expect(listed(10_000) == Set((1...4).map(Journal.id)))
        }
    }

    @Test(arguments: Kind.allCases)
    func aClosedStoreIsUnavailable(_ kind: Kind) throws {
        let (store, directory) = try Self.makeStore(kind)
        defer { _ = directory }
        try Journal.append([Journal.created(1)], to: store)
        store.close()
        #expect {
            try store.append(Journal.event(1, version: 2), expectedVersion: 1)
        } throws: { error in
            if case StoreError.unavailable = error { return true }
            return false
        }
    }

    /// Threads race to append the same version of one session, round after
    /// round: exactly one wins each round, the others see its version.
    @Test(arguments: Kind.allCases)
    func racersForOneVersionHaveExactlyOneWinner(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            let racers = 4
            let rounds = 50
            try store.append(Journal.created(1), expectedVersion: 0)
            let outcomes = LockedBox<[Int: [String]]>([:])
            for round in 1...rounds {
                try runOnThreads(racers) { racer in
                    let result: String
                    do {
                        var record = Journal.event(1, version: round + 1)
                        record.body = Array("racer \(racer)".utf8)
                        try store.append(record, expectedVersion: round)
                        result = "won"
                    } catch {
                        result = "\(error)"
                    }
                    outcomes.withLock { $0[round, default: []].append(result) }
                }
            }
            let all = outcomes.withLock { $0 }
            for round in 1...rounds {
                let results = all[round] ?? []
                #expect(results.filter { $0 == "won" }.count == 1, "round \(round): \(results)")
                #expect(
                    results.filter { $0 == "\(StoreError.conflict(currentVersion: round + 1))" }.count == racers - 1,
                    "round \(round): \(results)")
            }
            let records = try store.records(of: Journal.id(1), after: 0)
            #expect(records.map(\.version) == Array(1...(rounds + 1)))
        }
    }
}
