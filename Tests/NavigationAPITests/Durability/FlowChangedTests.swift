import Coordination
import FileStore
import Foundation
import Sessions
import TestSupport
import Testing

/// docs/durability.md#what-is-promised-and-how-it-is-tested: a session recorded
/// under another version of its flow, or whose replay fails, answers `410 Gone`
/// with the problem type `flow-changed` (recorded and current version in the
/// body), is counted in `/metrics`, and is logged once. Sessions are journaled
/// under `exchange` version 1 and the directory is opened again by a server
/// whose flows differ.
@Suite("Durability: flow changed", .serialized, .timeLimit(.minutes(10)), .hangGuard)
struct FlowChangedTests {
    /// `exchange` at `version`: a `list` screen whose `open` pushes `detail`,
    /// or, with `acceptsOpen` false, a `list` that no longer takes `open`.
    static func exchange(version: Int, acceptsOpen: Bool = true) -> Flow {
        Flow(name: "exchange", description: "A shelf.", version: version) { environment in
            ShelfCoordinator(environment: environment, acceptsOpen: acceptsOpen)
        }
    }

    static let other = Flow(name: "other", description: "Not exchange.") { environment in
        ShelfCoordinator(environment: environment, acceptsOpen: true)
    }

    /// Three sessions journaled under `exchange` version 1, each with one event.
    static func journal() throws -> (data: String, sessions: [ClientSession]) {
        let data = try LaunchedServer.freshDirectory().path
        let sessions = try TestServer.journaling(flows: [exchange(version: 1)], in: data) { server in
            let client = server.client()
            return try (0..<3).map { _ in
                var session = try client.createSession("exchange")
                try client.apply("open", to: &session)
                return session
            }
        }
        return (data, sessions)
    }

    /// Every request on each session answers 410; returns the problem bodies.
    static func expectGone(_ sessions: [ClientSession], on server: TestServer) throws -> [JSONValue] {
        let client = server.client()
        var bodies: [JSONValue] = []
        for session in sessions {
            for _ in 0..<2 {
                for response in [
                    try client.request("GET", session.path),
                    try client.send("close", to: session),
                    try client.request("GET", session.path + "/history"),
                ] {
                    expectProblem(response, 410, "flow-changed")
                    bodies.append(try #require(response.json))
                }
            }
        }
        return bodies
    }

    @Test func aNewFlowVersionAnswersGoneOncePerSessionNotice() throws {
        let (data, sessions) = try Self.journal()
        let store = try FileStore(directory: data)
        defer { store.close() }
        let notices = LockedBox<[RegistryNotice]>([])
        let server = try TestServer(
            flows: [Self.exchange(version: 2)], store: store, notify: { notice in notices.withLock { $0.append(notice) } })
        for body in try Self.expectGone(sessions, on: server) {
            #expect(body["recordedFlowVersion"]?.intValue == 1, "\(body)")
            #expect(body["currentFlowVersion"]?.intValue == 2, "\(body)")
        }
        let noticed = notices.withLock { $0 }.compactMap { notice -> String? in
            guard case .flowChanged(let id, let flow, _) = notice else { return nil }
            #expect(flow == "exchange")
            return id
        }
        #expect(noticed.sorted() == sessions.map(\.id).sorted(), "one notice per session, not per request: \(noticed)")
        #expect(try server.metric("navigation_sessions_flow_changed_total") == 3)
    }

    @Test func aFlowThatIsGoneAnswersGoneWithoutACurrentVersion() throws {
        let (data, sessions) = try Self.journal()
        let store = try FileStore(directory: data)
        defer { store.close() }
        let server = try TestServer(flows: [Self.other], store: store)
        for body in try Self.expectGone(sessions, on: server) {
            #expect(body["recordedFlowVersion"]?.intValue == 1, "\(body)")
            #expect(body["currentFlowVersion"] == nil, "\(body)")
        }
        #expect(try server.metric("navigation_sessions_flow_changed_total") == 3)
    }

    @Test func aReplayThatFailsAnswersGone() throws {
        let (data, sessions) = try Self.journal()
        let store = try FileStore(directory: data)
        defer { store.close() }
        let notices = LockedBox(0)
        let server = try TestServer(
            flows: [Self.exchange(version: 1, acceptsOpen: false)], store: store,
            notify: { notice in if case .flowChanged = notice { notices.withLock { $0 += 1 } } })
        for body in try Self.expectGone(sessions, on: server) {
            #expect(body["recordedFlowVersion"]?.intValue == 1, "\(body)")
        }
        #expect(notices.withLock { $0 } == sessions.count)
        // A session started now, under the code that runs, is served.
        _ = try server.client().createSession("exchange")
    }
}

final class ShelfCoordinator: Coordinator {
    private let acceptsOpen: Bool

    init(environment: CoordinatorEnvironment, acceptsOpen: Bool) {
        self.acceptsOpen = acceptsOpen
        super.init(environment: environment)
    }

    override func start() {
        let list = Screen("list")
        if acceptsOpen {
            list.on("open") { [unowned self] _ in router.push(Screen("detail").on("close") { [unowned self] _ in router.pop() }) }
        }
        router.setRoot(list)
    }
}
