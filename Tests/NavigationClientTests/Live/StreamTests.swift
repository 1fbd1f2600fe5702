import NavigationClient
import Observation
import TestSupport
import Testing

/// Live updates: another client's changes reach the model over the stream, drops are
/// resumed with `Last-Event-ID`, and refused streams fall back to polling.
@Suite("NavigationModel: following the session's stream", .timeLimit(.minutes(10)), .hangGuard)
@MainActor
struct StreamTests {
    private func exchange(on server: LiveServer) async throws -> (NavigationModel, NavigationClient) {
        let model = try await quickClient(server.url).start(flow: "exchange")
        return (model, NavigationClient(baseURL: server.url))
    }

    @Test func anotherClientsChangeReachesTheModelAndItsObservers() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let (model, other) = try await exchange(on: server)
        model.startFollowing()
        defer { model.stopFollowing() }
        #expect(await eventually { model.connection == .streaming })

        let observed = LockedBox(false)
        withObservationTracking {
            _ = model.document
        } onChange: {
            observed.withLock { $0 = true }
        }
        var changes: [StackChange] = []
        model.onChange = { _, new in changes = new }
        _ = try await other.send("select", payload: ["code": "GBP"], screen: "s1", session: model.sessionID, ifMatch: 1)
        #expect(await eventually { model.version == 2 })
        #expect(model.topName == "calculator")
        #expect(changes == [.push(try #require(model.document.topScreen), in: .stack)])
        #expect(observed.withLock { $0 }, "Observation reports the change, as SwiftUI would see it")
    }

    @Test func updatesAfterTheCurrentVersionSendNothingUntilItChanges() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let (model, other) = try await exchange(on: server)
        _ = try await other.send("select", payload: ["code": "USD"], screen: "s1", session: model.sessionID, ifMatch: nil)
        _ = try await other.send("convert", payload: ["amount": 1], screen: "s2", session: model.sessionID, ifMatch: nil)

        // Behind: the current document comes first.
        #expect(try await firstDocument(other.updates(of: model.sessionID, after: 1))?.version == 3)

        // Current: nothing is sent again; the next document is the next version.
        let current = other.updates(of: model.sessionID, after: 3)
        let next = Task { try await other.send("close", screen: "s2", session: model.sessionID, ifMatch: 3) }
        #expect(try await firstDocument(current)?.version == 4)
        _ = try await next.value
    }

    private func firstDocument(_ updates: SessionUpdates) async throws -> SessionDocument? {
        for await update in updates {
            if case .document(let document) = update { return document }
            if case .failed(let error) = update { throw error }
        }
        return nil
    }

    @Test func aStreamDroppedAndResumedLosesAndRepeatsNoVersion() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let (model, other) = try await exchange(on: server)
        _ = try await other.send("select", payload: ["code": "USD"], screen: "s1", session: model.sessionID, ifMatch: nil)
        let updates = quickClient(server.url).updates(of: model.sessionID, after: 2)
        var versions: [Int] = []
        var streams = 0
        let reader = Task { @MainActor in
            for await update in updates {
                switch update {
                case .document(let document): versions.append(document.version)
                case .connection(.streaming): streams += 1
                default: break
                }
            }
        }
        defer { reader.cancel() }
        #expect(await eventually { streams == 1 })
        let events = 24
        for index in 0..<events {
            _ = try await other.send(
                "convert", payload: ["amount": .number(Double(index))], screen: "s2", session: model.sessionID, ifMatch: nil)
            // Drops between and during changes: after some, the server has moved on while no stream was open.
            if index % 4 == 1 { updates.reconnect() }
            if index % 4 == 3 { #expect(await eventually { versions.last == 3 + index }) }
        }
        let last = 2 + events
        #expect(await eventually { versions.last == last }, "versions seen: \(versions)")
        #expect(versions == versions.sorted() && Set(versions).count == versions.count, "a version repeated: \(versions)")
        #expect(streams > 1, "the stream was reopened")
    }

    @Test func aStreamSilentPastTheIdleTimeoutIsReopened() async throws {
        // The server sends no keep-alive for a minute: to the client the connection looks dead.
        let server = try LiveServer(keepAliveSeconds: 60)
        defer { server.stop() }
        let model = try await quickClient(server.url, streamIdleTimeout: 1).start(flow: "exchange")
        let updates = model.client.updates(of: model.sessionID, after: model.version)
        var states: [ConnectionState] = []
        let reader = Task { @MainActor in
            for await update in updates { if case .connection(let state) = update { states.append(state) } }
        }
        defer { reader.cancel() }
        #expect(await eventually { states.filter { $0 == .streaming }.count >= 2 }, "states: \(states)")
        #expect(states.contains { if case .reconnecting = $0 { true } else { false } })
    }

    @Test func stoppingOrReleasingTheModelClosesItsStream() async throws {
        // Keep-alives this often let the server notice a closed connection at once.
        let server = try LiveServer(keepAliveSeconds: 0.2)
        defer { server.stop() }
        let url = server.url
        var model: NavigationModel? = try await quickClient(server.url).start(flow: "exchange")
        model?.startFollowing()
        #expect(await eventually { model?.connection == .streaming })
        #expect(try await LiveServer.openStreams(at: url) == 1)
        model?.stopFollowing()
        #expect(model?.connection == .idle)
        #expect(await eventuallyAsync { try await LiveServer.openStreams(at: url) == 0 })

        model?.startFollowing()
        #expect(await eventually { model?.connection == .streaming })
        #expect(await eventuallyAsync { try await LiveServer.openStreams(at: url) == 1 })
        model = nil
        #expect(await eventuallyAsync { try await LiveServer.openStreams(at: url) == 0 }, "a released model leaves no stream open")
    }

    @Test func refusedStreamsFallBackToPolling() async throws {
        let server = try LiveServer(maxStreams: 0)
        defer { server.stop() }
        let (model, other) = try await exchange(on: server)
        model.startFollowing()
        defer { model.stopFollowing() }
        #expect(await eventually { model.connection == .polling })
        _ = try await other.send("select", payload: ["code": "EUR"], screen: "s1", session: model.sessionID, ifMatch: nil)
        #expect(await eventually { model.version == 2 })
        #expect(model.topName == "calculator")
    }

    /// A call cancelled at any moment of its request, its answer arriving
    /// included, ends at once, with `CancellationError` or its answer: on
    /// Linux, `URLSession.data(for:)`'s cancellation waited for URLSession's
    /// queue while that queue delivered the answer, and both hung
    /// (``URLSession/answer(to:)``; seen as a model's `stopFollowing()`
    /// during a poll).
    @Test func aCallCancelledAtAnyMomentEnds() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let (model, other) = try await exchange(on: server)
        for round in 0..<200 {
            let call = Task { try? await other.session(model.sessionID) }
            if round % 4 != 0 { try await Task.sleep(for: .microseconds(100 * (round % 20))) }
            call.cancel()
            _ = await call.value
        }
        #expect(try await other.session(model.sessionID).version == model.version)
    }

    @Test func aSessionEndedElsewhereEndsTheModel() async throws {
        let server = try LiveServer()
        defer { server.stop() }
        let (model, other) = try await exchange(on: server)
        model.startFollowing()
        #expect(await eventually { model.connection == .streaming })
        try await other.endSession(model.sessionID)
        #expect(await eventually { model.isEnded })
        #expect(model.connection == .ended)
        await #expect(throws: ClientError.ended) { try await model.send("select", payload: ["code": "USD"]) }
    }
}
