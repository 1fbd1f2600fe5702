import TestSupport
import Testing

@testable import Coordination

/// The flat stack of the session document, read from a plain stack and its
/// modals: roots, pushes and modals as a router makes them, and the calls
/// it refuses.
@Suite("NavigationStack", .timeLimit(.minutes(10)), .hangGuard)
struct NavigationStackTests {
    final class Owner: Coordinator {}

    // MARK: - Helpers

    /// A controller and a router of the session's own slot.
    private struct Fixture {
        let navigation = NavigationController()
        let owner: Owner
        var router: Router { owner.router }
        var stack: NavigationStack { navigation.stack }

        init() {
            owner = Owner(environment: CoordinatorEnvironment(navigation: navigation))
        }

        /// The misuse `call` left, the controller then ready for the next event.
        func misuse(of call: (Router) -> Void) -> RouterMisuse? {
            navigation.begin(version: navigation.currentVersion + 1)
            call(router)
            return navigation.misuse
        }
    }

    /// `name:presentation`, bottom to top.
    private func describe(_ stack: NavigationStack) -> [String] {
        stack.entries.map { "\($0.screen.name):\($0.presentation.rawValue)" }
    }

    /// home ← list (push) ← cart (sheet) ← address (push) ← payment (push)
    private func stackWithModal() -> Fixture {
        let fixture = Fixture()
        fixture.router.setRoot(Screen("home"))
        fixture.router.push(Screen("list"))
        fixture.router.present(Screen("cart"), style: .sheet)
        fixture.router.push(Screen("address"))
        fixture.router.push(Screen("payment"))
        return fixture
    }

    // MARK: - Building

    @Test func setRootPushAndPresentAppendInOrder() {
        let fixture = stackWithModal()
        let stack = fixture.stack
        #expect(describe(stack) == ["home:root", "list:push", "cart:sheet", "address:push", "payment:push"])
        #expect(stack.top?.screen.name == "payment")
        #expect((0..<stack.count).map(stack.isInsideModal) == [false, false, true, true, true])
        #expect(fixture.navigation.misuse == nil)
    }

    @Test func theLayoutIsTheStackUnderTheModals() {
        let fixture = stackWithModal()
        guard case .stack(let entries) = fixture.navigation.layout else {
            Issue.record("a plain session's layout is one stack")
            return
        }
        #expect(entries.map(\.screen.name) == ["home", "list"])
        #expect(fixture.navigation.modals.map(\.screen.name) == ["cart", "address", "payment"])
        #expect(fixture.navigation.shownEntries.map(\.screen.name) == fixture.stack.entries.map(\.screen.name))
    }

    @Test func fullScreenModalOverASheet() {
        let fixture = stackWithModal()
        fixture.router.present(Screen("scanner"), style: .fullScreen)
        #expect(describe(fixture.stack).last == "scanner:fullScreen")
    }

    @Test func setRootReplacesEverythingModalsIncluded() {
        let fixture = stackWithModal()
        fixture.router.setRoot(Screen("login"))
        #expect(describe(fixture.stack) == ["login:root"])
        #expect(fixture.navigation.modals.isEmpty)
    }

    // MARK: - Removing

    @Test func popRemovesOnlyThePushedTop() {
        let fixture = stackWithModal()
        let popped = fixture.navigation.pop(by: nil, animated: true)
        #expect(popped?.screen.name == "payment")
        #expect(popped?.presentation == .push)
        #expect(describe(fixture.stack) == ["home:root", "list:push", "cart:sheet", "address:push"])
    }

    @Test func popToRootStopsAtTheTopModal() {
        let fixture = stackWithModal()
        let removed = fixture.navigation.popToRoot(by: nil, animated: true)
        #expect(removed.map(\.screen.name) == ["address", "payment"])
        #expect(describe(fixture.stack) == ["home:root", "list:push", "cart:sheet"])
        #expect(fixture.navigation.popToRoot(by: nil, animated: true).isEmpty)
        #expect(fixture.navigation.misuse == nil)
    }

    @Test func dismissRemovesTheTopModalWithItsPushes() {
        let fixture = stackWithModal()
        let removed = fixture.navigation.dismiss(by: nil, animated: true)
        #expect(removed.map(\.screen.name) == ["cart", "address", "payment"])
        #expect(describe(fixture.stack) == ["home:root", "list:push"])
        #expect(fixture.navigation.popToRoot(by: nil, animated: true).map(\.screen.name) == ["list"])
    }

    @Test func dismissOfNestedModalsClosesOneAtATime() {
        let fixture = stackWithModal()
        fixture.router.present(Screen("scanner"), style: .fullScreen)
        fixture.router.push(Screen("result"))
        #expect(fixture.navigation.dismiss(by: nil, animated: true).map(\.screen.name) == ["scanner", "result"])
        #expect(fixture.navigation.dismiss(by: nil, animated: true).map(\.screen.name) == ["cart", "address", "payment"])
        #expect(describe(fixture.stack) == ["home:root", "list:push"])
    }

    // MARK: - Misuse

    @Test func emptyStackRefusesEverythingButSetRoot() {
        let fixture = Fixture()
        #expect(fixture.misuse { $0.push(Screen("a")) } == .emptyStack(operation: "push"))
        #expect(fixture.misuse { $0.present(Screen("a"), style: .sheet) } == .emptyStack(operation: "present"))
        #expect(fixture.misuse { $0.pop() } == .emptyStack(operation: "pop"))
        #expect(fixture.misuse { $0.popToRoot() } == .emptyStack(operation: "popToRoot"))
        #expect(fixture.misuse { $0.dismiss() } == .noModal)
        #expect(fixture.stack.isEmpty)
        #expect(fixture.misuse { $0.setRoot(Screen("a")) } == nil)
    }

    @Test func popOfARootOrAModalIsRefused() {
        let fixture = Fixture()
        fixture.router.setRoot(Screen("home"))
        #expect(fixture.misuse { $0.pop() } == .notPushed("home"))
        #expect(fixture.misuse { $0.present(Screen("cart"), style: .sheet) } == nil)
        #expect(fixture.misuse { $0.pop() } == .notPushed("cart"))
        #expect(describe(fixture.stack) == ["home:root", "cart:sheet"])
    }

    @Test func dismissWithoutAModalIsRefused() {
        let fixture = Fixture()
        fixture.router.setRoot(Screen("home"))
        fixture.router.push(Screen("detail"))
        #expect(fixture.misuse { $0.dismiss() } == .noModal)
        #expect(describe(fixture.stack) == ["home:root", "detail:push"])
    }

    @Test func aScreenIsShownOnceAtATime() {
        let fixture = Fixture()
        let home = Screen("home")
        fixture.router.setRoot(home)
        #expect(fixture.misuse { $0.push(home) } == .alreadyShown("home"))
        #expect(fixture.misuse { $0.present(home, style: .sheet) } == .alreadyShown("home"))
        #expect(fixture.misuse { $0.setRoot(home) } == .alreadyShown("home"))
        #expect(describe(fixture.stack) == ["home:root"])
    }

    @Test func aTabOrColumnRouterFailsWithoutContainersEvenOverAModal() {
        let fixture = stackWithModal()
        let tab = Owner(environment: fixture.owner.environment.tab("mail"))
        let column = Owner(environment: fixture.owner.environment.column(.secondary))
        fixture.navigation.begin(version: 2)
        tab.router.push(Screen("inbox"))
        #expect(fixture.navigation.misuse == .noTabBar(tab: "mail"))
        fixture.navigation.begin(version: 3)
        column.router.present(Screen("reader"), style: .sheet)
        #expect(fixture.navigation.misuse == .noSplitView("the secondary column"))
        #expect(describe(fixture.stack).count == 5)
    }

    @Test func misuseDescriptionsSayWhatWentWrong() {
        #expect(
            RouterMisuse.notPushed("home").description
                == "pop of 'home', which was not pushed (a root or a modal is dismissed, not popped)")
        #expect(RouterMisuse.noModal.description == "dismiss with no modal open")
        #expect(RouterMisuse.stackTooDeep(limit: 3).description == "the stack would exceed its limit of 3 screens")
    }
}
