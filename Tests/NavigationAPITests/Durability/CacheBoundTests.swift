import Coordination
import FileStore
import Flows
import Foundation
import Sessions
import TestSupport
import Testing

@testable import Sessions

/// docs/durability.md#what-is-promised-and-how-it-is-tested, "Memory is a
/// cache": `--max-cached-sessions` trees stay in memory, the rest are rebuilt
/// from the journal when asked for.
@Suite("Durability: memory is a bounded cache", .timeLimit(.minutes(10)), .hangGuard)
struct CacheBoundTests {
    @Test func aHundredSessionsThroughATenTreeCache() throws {
        let data = try LaunchedServer.freshDirectory().path
        var options = FileStoreOptions()
        options.fsync = .no
        let store = try FileStore(directory: data, options: options)
        defer { store.close() }
        var limits = SessionLimits.default
        limits.maxCachedSessions = 10
        // 10 of the 64 default shards, one tree each: a capacity of exactly 10.
        let capacity = 10
        let registry = SessionRegistry(flows: BuiltinFlows.all, limits: limits, store: store)

        var documents: [String: [UInt8]] = [:]
        for index in 0..<100 {
            let created = try registry.create(flow: "exchange", context: nil)
            #expect(registry.cachedCount <= capacity)
            let screen = try registry.withSession(created.id) { $0.stack.top?.screen.id ?? "" }
            let code = ["USD", "EUR", "GBP", "JPY"][index % 4]
            let answered = try registry.send(ClientEvent(screen: screen, event: "select", payload: ["code": .string(code)]), to: created.id)
            documents[created.id] = answered.document
            #expect(registry.cachedCount <= capacity)
        }
        #expect(registry.count == 100)
        #expect(registry.cachedCount <= capacity)

        // Every session is served, most rebuilt from the journal, each as it was.
        for (id, document) in documents {
            #expect(try registry.document(of: id).document == document, "\(id) differs after eviction")
            #expect(registry.cachedCount <= capacity)
        }
        // And each takes its next event from where it was.
        for (id, document) in documents.prefix(20) {
            let version = try registry.document(of: id).version
            #expect(try registry.document(of: id).document == document)
            let screen = try registry.withSession(id) { $0.stack.top?.screen.id ?? "" }
            let next = try registry.send(ClientEvent(screen: screen, event: "convert", payload: ["amount": 3]), to: id)
            #expect(next.version == version + 1)
            #expect(registry.cachedCount <= capacity)
        }
    }
}
