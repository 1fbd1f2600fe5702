import Foundation
import NavigationClient
import TestSupport
import Testing

/// An API key, and a session recorded by another version of its flow.
@Suite("NavigationClient: API keys and sessions gone with a flow change", .timeLimit(.minutes(10)), .hangGuard)
@MainActor
struct AccessTests {
    @Test func anAPIKeyIsSentOnEveryRequestAndTheStream() async throws {
        let server = try LiveServer(apiKey: "the-key")
        defer { server.stop() }
        do {
            _ = try await NavigationClient(baseURL: server.url).flows()
            Issue.record("flows without the key")
        } catch {
            #expect(error.problem?.kind == "unauthorized")
            #expect({ if case .unauthorized = error { true } else { false } }())
        }
        await #expect(throws: ClientError.self) {
            _ = try await NavigationClient(baseURL: server.url, apiKey: "wrong").start(flow: "exchange")
        }

        let model = try await quickClient(server.url, apiKey: "the-key").start(flow: "exchange")
        model.startFollowing()
        defer { model.stopFollowing() }
        #expect(await eventually { model.connection == .streaming })
        let other = NavigationClient(baseURL: server.url, apiKey: "the-key")
        _ = try await other.send("select", payload: ["code": "USD"], screen: "s1", session: model.sessionID, ifMatch: 1)
        #expect(await eventually { model.version == 2 })

        // A stream with a wrong key stops for good and says why.
        var refused: SessionUpdate?
        for await update in NavigationClient(baseURL: server.url, apiKey: "wrong").updates(of: model.sessionID) {
            refused = update
            break
        }
        guard case .failed(.unauthorized) = refused else {
            Issue.record("expected unauthorized, got \(String(describing: refused))")
            return
        }
    }

    @Test func aSessionRecordedByAnotherFlowVersionIsGone() async throws {
        let first = try FileStoreServer()
        let model = try await NavigationClient(baseURL: first.live.url).start(flow: "exchange")
        try await model.send("select", payload: ["code": "USD"])
        first.stop()

        let second = try FileStoreServer(directory: first.directory, exchangeVersion: 2)
        defer { second.stop() }
        let client = NavigationClient(baseURL: second.live.url)
        await #expect(throws: ClientError.self) { _ = try await client.attach(sessionID: model.sessionID) }
        do {
            _ = try await client.attach(sessionID: model.sessionID)
        } catch {
            #expect(error == .gone(recordedFlowVersion: 1, currentFlowVersion: 2, detail: error.goneDetail))
        }

        // A model that was showing the session learns it at its next action, and ends.
        let stale = NavigationModel(client: client, document: model.document)
        await #expect(throws: ClientError.self) { try await stale.send("convert", payload: ["amount": 1]) }
        guard case .gone(let recorded, let current, _) = stale.lastError else {
            Issue.record("expected gone, got \(String(describing: stale.lastError))")
            return
        }
        #expect(recorded == 1 && current == 2)
        #expect(stale.isEnded)
        // A new session of the new version works.
        let fresh = try await client.start(flow: "exchange")
        #expect(fresh.names == ["rates"])
    }
}

extension ClientError {
    fileprivate var goneDetail: String {
        if case .gone(_, _, let detail) = self { return detail }
        return ""
    }
}
