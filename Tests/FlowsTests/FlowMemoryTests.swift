import TestSupport
import Testing

@testable import Coordination
@testable import Flows
@testable import Sessions

/// The classic leak of the coordinator pattern: finished coordinators and their screens
/// must be freed, while the session lives and when it ends.
@Suite("Built-in flows free what they finish", .timeLimit(.minutes(10)), .hangGuard)
struct FlowMemoryTests {
    // MARK: - Helpers

    private final class Graph {
        var coordinators: [Weak<Coordinator>] = []
        var screens: [Weak<Screen>] = []

        /// Remembers everything now in the tree and on the stack.
        func collect(_ session: Session) {
            func visit(_ coordinator: Coordinator) {
                coordinators.append(Weak(coordinator))
                coordinator.childCoordinators.forEach(visit)
            }
            visit(session.root)
            screens += session.stack.entries.map { Weak($0.screen) }
        }

        var alive: [String] {
            coordinators.compactMap { $0.object.map { "\($0.typeName) \($0.id)" } }
                + screens.compactMap { $0.object.map { "screen \($0.name)" } }
        }
    }

    /// Every screen of `app`, each child started and finished once.
    private func walkEverywhere(_ app: FlowSession, collecting graph: Graph) throws {
        let steps: [(String, String, JSONObject)] = [
            ("next", "welcome", [:]), ("next", "features", [:]), ("forgotPassword", "login", [:]),
            ("submit", "forgotPassword", ["email": "a@b.c"]), ("login", "login", ["username": "ada", "password": "pw"]),
            ("selectProfile", "home", [:]), ("back", "profile", [:]), ("openSettings", "home", [:]),
            ("toggleNotifications", "settings", [:]), ("back", "settings", [:]), ("checkout", "home", [:]),
            ("next", "cart", [:]), ("next", "address", ["street": "1 Main St"]), ("pay", "payment", ["card": "4242"]),
            ("done", "confirmation", [:]), ("checkout", "home", [:]), ("next", "cart", [:]), ("dismiss", "address", [:]),
        ]
        graph.collect(app.session)
        for (event, screen, payload) in steps {
            try app.send(event, on: screen, payload)
            graph.collect(app.session)
        }
    }

    // MARK: - While the session lives

    @Test func onlyTheLiveTreeAndStackStayAlive() throws {
        let app = try FlowSession.app()
        let graph = Graph()
        try walkEverywhere(app, collecting: graph)
        #expect(Set(graph.alive) == ["AppCoordinator c1", "MainCoordinator c4", "screen home"])
    }

    @Test func logoutFreesMainAndItsHome() throws {
        let app = try FlowSession.app(onboarded: true, token: "t")
        let graph = Graph()
        graph.collect(app.session)
        try app.send("logout", on: "home")
        #expect(graph.alive == ["AppCoordinator c1"])
    }

    // MARK: - Ending

    @Test func registryEndFreesTheWholeApp() throws {
        let registry = SessionRegistry(flows: BuiltinFlows.all)
        let id = try registry.create(flow: "app", context: ["onboarded": true, "token": "t"]).id
        for (screen, event) in [("s1", "checkout"), ("s2", "next")] {
            _ = try registry.send(ClientEvent(screen: screen, event: event), to: id)
        }
        let graph = Graph()
        try registry.withSession(id) { graph.collect($0) }
        #expect(graph.alive.count == 6)
        try registry.end(id)
        #expect(graph.alive == [])
    }

    @Test(arguments: ["app", "exchange"])
    func droppingASessionFreesEverything(flowName: String) throws {
        let graph = Graph()
        do {
            let session = try flowName == "app" ? FlowSession.app() : FlowSession.exchange()
            if flowName == "app" {
                try walkEverywhere(session, collecting: graph)
                try session.send("openSettings", on: "home")
            } else {
                try session.send("select", on: "rates", ["code": "USD"])
            }
            graph.collect(session.session)
            #expect(graph.alive.count >= 4)
        }
        #expect(graph.alive == [])
    }
}
