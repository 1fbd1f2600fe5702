import Coordination
import FileStore
import StoreTestSupport
import TestSupport
import Testing

@testable import Sessions

/// Flow sources (a flow file's content that sessions are pinned to): kept
/// once by digest, handed back whole, on every store (the memory, file, Redis and
/// PostgreSQL stores of ``SessionStoreContractTests``).
@Suite("SessionStore contract: flow sources", .timeLimit(.minutes(10)), .hangGuard)
struct FlowSourceStoreContractTests {
    typealias Kind = SessionStoreContractTests.Kind

    private static func withStore(_ kind: Kind, _ body: (any SessionStore) throws -> Void) throws {
        try SessionStoreContractTests.withStore(kind, body)
    }

    private static func makeStore(_ kind: Kind) throws -> (store: any SessionStore, directory: Any) {
        try SessionStoreContractTests.makeStore(kind)
    }

    private static let digest = String(repeating: "ab", count: 32)
    private static let otherDigest = String(repeating: "cd", count: 32)

    @Test(arguments: Kind.allCases)
    func aKeptFlowSourceIsHandedBackByItsDigest(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            #expect(try store.flowSource(sha256: Self.digest) == nil)
            let bytes = Array(#"{"flow":"notes","version":1}"#.utf8) + [0, 255, 10]
            try store.keepFlowSource(FlowSource(sha256: Self.digest, bytes: bytes))
            #expect(try store.flowSource(sha256: Self.digest) == FlowSource(sha256: Self.digest, bytes: bytes))
            #expect(try store.flowSource(sha256: Self.otherDigest) == nil)
        }
    }

    @Test(arguments: Kind.allCases)
    func aSourceIsKeptOnceAndASecondKeepChangesNothing(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            try store.keepFlowSource(FlowSource(sha256: Self.digest, bytes: Array("first".utf8)))
            try store.keepFlowSource(FlowSource(sha256: Self.digest, bytes: Array("second".utf8)))
            #expect(try store.flowSource(sha256: Self.digest)?.bytes == Array("first".utf8))
        }
    }

    @Test(arguments: Kind.allCases)
    func aDigestNotSpelledAsOneFindsNothing(_ kind: Kind) throws {
        try Self.withStore(kind) { store in
            try store.keepFlowSource(FlowSource(sha256: Self.digest, bytes: Array("kept".utf8)))
            for text in ["", "../" + Self.digest, Self.digest.uppercased(), String(Self.digest.dropLast()), Self.digest + "0"] {
                #expect(try store.flowSource(sha256: text) == nil, "\(text)")
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func aClosedStoreKeepsNoSource(_ kind: Kind) throws {
        let (store, directory) = try Self.makeStore(kind)
        defer { _ = directory }
        store.close()
        #expect(throws: StoreError.self) {
            try store.keepFlowSource(FlowSource(sha256: Self.digest, bytes: Array("late".utf8)))
        }
    }

    @Test func theFileStoreKeepsSourcesAcrossAReopenAndAJournalSnapshotReadsThem() throws {
        let directory = TemporaryDirectory()
        let bytes = Array(#"{"flow":"notes"}"#.utf8)
        do {
            let store = try FileStore(directory: directory.path)
            try store.keepFlowSource(FlowSource(sha256: Self.digest, bytes: bytes))
            store.close()
        }
        let store = try FileStore(directory: directory.path)
        defer { store.close() }
        #expect(try store.flowSource(sha256: Self.digest)?.bytes == bytes)
        #expect(try FileStoreSnapshot(directory: directory.path).flowSource(sha256: Self.digest)?.bytes == bytes)
    }
}
