import TestSupport
import Testing

@testable import Coordination

/// Tab bars and split views in the engine, with small coordinators of the
/// test's own: routers per tab and column, `selectTab`, and the clean-up
/// rules of `back` and `dismiss` in every container.
@Suite("Containers", .timeLimit(.minutes(10)), .hangGuard)
struct ContainersTests {
    /// A coordinator that shows `first` with its router and runs `events` as
    /// the handlers of that screen; `build` may configure the coordinator.
    final class Scripted: Coordinator {
        let first: String
        let events: [String: (Scripted) -> Void]
        var selected: [String] = []
        var onStart: ((Scripted) -> Void)?

        init(environment: CoordinatorEnvironment, first: String, events: [String: (Scripted) -> Void] = [:]) {
            self.first = first
            self.events = events
            super.init(environment: environment)
        }

        override func start() {
            if let onStart { return onStart(self) }
            router.setRoot(screen(first))
        }

        func screen(_ name: String) -> Screen {
            let screen = Screen(name)
            for (event, handler) in events.sorted(by: { $0.key < $1.key }) {
                screen.on(event) { [unowned self] _ in handler(self) }
            }
            return screen
        }

        override func didSelectTab(_ tab: String) { selected.append(tab) }
    }

    /// Tabs `a` and `b`; tab `a`'s screen `a` can start a child that pushes
    /// `pushed`, present a sheet owned by a child, or make the tab bar's
    /// owner replace everything with a plain stack.
    private static let tabsFlow = Flow(name: "tabs", description: "") { environment in
        let root = Scripted(environment: environment, first: "")
        root.onStart = { root in
            root.router.setTabs([TabItem(id: "a", title: "A"), TabItem(id: "b", title: "B")], selected: "b")
            let tabA = Scripted(
                environment: root.environment.tab("a"), first: "a",
                events: [
                    "pushChild": { tab in
                        let child = Scripted(environment: tab.environment, first: "")
                        child.onStart = { $0.router.push($0.screen("pushed")) }
                        tab.startChild(child)
                    },
                    "sheetChild": { tab in
                        let child = Scripted(environment: tab.environment, first: "")
                        child.onStart = { $0.router.present($0.screen("sheet")) }
                        tab.startChild(child)
                    },
                    "plain": { tab in
                        (tab.parentCoordinator as? Scripted)?.router.setRoot(Screen("plain"))
                    },
                    "selectB": { tab in tab.router.selectTab("b") },
                    "misuseColumn": { tab in tab.router.column(.secondary).push(Screen("nowhere")) },
                    "misuseTabs": { tab in tab.router.setTabs([TabItem(id: "x", title: "X")]) },
                ])
            root.startChild(tabA)
            root.startChild(Scripted(environment: root.environment.tab("b"), first: "b"))
        }
        return root
    }

    private func tabs() throws -> Session {
        try Session(id: "tabs", flow: Self.tabsFlow, context: nil)
    }

    private func send(_ session: Session, _ event: String, on name: String, _ payload: JSONObject = [:]) throws {
        let id = session.liveState.navigation.shownEntries.last { $0.screen.name == name }?.screen.id ?? ""
        try session.send(ClientEvent(screen: id, event: event, payload: payload))
    }

    private func names(_ session: Session) -> [String] { session.stack.entries.map(\.screen.name) }

    // MARK: - Tabs

    @Test func eachTabHasItsOwnStackAndTheOwnerIsToldOfSelectTab() throws {
        let session = try tabs()
        #expect(names(session) == ["b"], "tab b was selected by the coordinator")
        #expect(session.layout.tabIDs == ["a", "b"] && session.layout.selectedTab == "b")
        try send(session, "selectTab", on: "b", ["tab": "a"])
        #expect(names(session) == ["a"])
        #expect((session.root as? Scripted)?.selected == ["a"])
        let last = try #require(session.history.entries.last)
        #expect(last.operation == .selectTab && last.tab == "a" && last.byUser && last.coordinator == "Scripted")
        try send(session, "selectB", on: "a")
        #expect(names(session) == ["b"])
        #expect((session.root as? Scripted)?.selected == ["a"], "a coordinator's own selectTab is not reported back to it")
    }

    @Test func backInATabFinishesTheChildLeftWithoutScreens() throws {
        let session = try tabs()
        try send(session, "selectTab", on: "b", ["tab": "a"])
        try send(session, "pushChild", on: "a")
        #expect(names(session) == ["a", "pushed"])
        let child = try #require(session.root.childCoordinators.first?.childCoordinators.first)
        #expect(session.history.entries.last?.tab == "a")
        try send(session, "back", on: "pushed")
        #expect(child.isFinished)
        #expect(session.root.childCoordinators.first?.childCoordinators.isEmpty == true)
        #expect(names(session) == ["a"])
    }

    @Test func aSheetCoversTheTabBarAndItsDismissFinishesItsCoordinator() throws {
        let session = try tabs()
        try send(session, "selectTab", on: "b", ["tab": "a"])
        try send(session, "sheetChild", on: "a")
        #expect(session.stack.entries.map(\.presentation) == [.root, .sheet])
        #expect(session.history.entries.last?.tab == nil, "a modal is over the whole container")
        let aID = session.stack.entries.first?.screen.id ?? ""
        #expect(throws: NavigationError.self) { try session.send(ClientEvent(screen: aID, event: "selectTab", payload: ["tab": "b"])) }
        try send(session, "dismiss", on: "sheet")
        #expect(session.root.childCoordinators.first?.childCoordinators.isEmpty == true)
        #expect(names(session) == ["a"])
    }

    @Test func hiddenTabsKeepTheirCoordinatorsAlive() throws {
        let session = try tabs()
        #expect(session.root.childCoordinators.count == 2, "tab a's coordinator owns a screen in a hidden tab")
        #expect(session.root.childCoordinators.allSatisfy { $0.ownsScreenOnStack })
    }

    @Test func theSessionsOwnSetRootReplacesTheTabBar() throws {
        let session = try tabs()
        try send(session, "selectTab", on: "b", ["tab": "a"])
        try send(session, "plain", on: "a")
        #expect(names(session) == ["plain"])
        guard case .stack = session.layout else {
            Issue.record("the layout is still \(session.layout)")
            return
        }
        #expect(session.root.childCoordinators.isEmpty, "the tab coordinators lost their screens and finished")
        let document = try JSONParser.parse(session.document())
        #expect(document["layout"]?["kind"] == "stack")
    }

    @Test(arguments: ["misuseColumn", "misuseTabs"])
    func aRouterCallThatHasNowhereToLandIsAFlowFailure(event: String) throws {
        let session = try tabs()
        try send(session, "selectTab", on: "b", ["tab": "a"])
        let before = session.document()
        #expect(throws: NavigationError.self) { try send(session, event, on: "a") }
        #expect(session.document() == before)
    }

    @Test func aPlainSessionsLayoutIsItsStackUnderTheModals() throws {
        let flow = Flow(name: "plain", description: "") { environment in
            let root = Scripted(environment: environment, first: "")
            root.onStart = { root in
                root.router.setRoot(root.screen("home"))
                root.router.present(root.screen("sheet"))
            }
            return root
        }
        let session = try Session(id: "plain", flow: flow, context: nil)
        let document = try JSONParser.parse(session.document())
        #expect(document["layout"]?["kind"] == "stack")
        #expect(document["layout"]?["stack"]?.arrayValue?.map { $0["name"] } == ["home"])
        #expect(document["stack"]?.arrayValue?.count == 2)
    }

    @Test func theStackLimitCountsTheScreensOfHiddenTabs() throws {
        var limits = SessionLimits()
        limits.maxStackDepth = 2
        let session = try Session(id: "limited", flow: Self.tabsFlow, context: nil, limits: limits)
        try send(session, "selectTab", on: "b", ["tab": "a"])
        let before = session.document()
        let error = try #require(throws: NavigationError.self) { try send(session, "pushChild", on: "a") }
        #expect(error.kind == .stackLimitReached, "tab a shows one screen, but tab b's counts too")
        #expect(session.document() == before)
        limits.maxStackDepth = 3
        let roomier = try Session(id: "roomier", flow: Self.tabsFlow, context: nil, limits: limits)
        try send(roomier, "selectTab", on: "b", ["tab": "a"])
        try send(roomier, "pushChild", on: "a")
        #expect(names(roomier) == ["a", "pushed"])
    }

    // MARK: - Split view

    @Test func aSplitViewAtTheRootShowsDetailsAndPopsEachColumn() throws {
        let flow = Flow(name: "split", description: "") { environment in
            let root = Scripted(environment: environment, first: "")
            root.onStart = { root in
                root.router.setSplit()
                let list = Screen("list")
                list.on("show") { [unowned root] _ in root.router.showDetail(Screen("detail")) }
                list.on("more") { [unowned root] _ in root.router.column(.primary).push(Screen("more")) }
                // The session's own setRoot would replace the split view: the column's router shows the list.
                root.router.column(.primary).setRoot(list)
            }
            return root
        }
        let session = try Session(id: "split", flow: flow, context: nil)
        #expect(names(session) == ["list"])
        try send(session, "show", on: "list")
        #expect(names(session) == ["list", "detail"])
        #expect(session.history.entries.last?.column == .secondary)
        try send(session, "more", on: "list")
        try send(session, "back", on: "more")
        #expect(names(session) == ["list", "detail"])
        #expect(session.history.entries.last.map { "\($0.operation) \($0.column?.rawValue ?? "")" } == "pop primary")
        guard case .split(let primary, let secondary) = session.layout else {
            Issue.record("no split view")
            return
        }
        #expect(primary.map(\.screen.name) == ["list"] && secondary.map(\.screen.name) == ["detail"])
    }
}
