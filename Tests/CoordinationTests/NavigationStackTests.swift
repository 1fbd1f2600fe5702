import TestSupport
import Testing

@testable import Coordination

/// The flat stack of the session document: roots, pushes and modals as pure value operations.
@Suite("NavigationStack", .timeLimit(.minutes(10)), .hangGuard)
struct NavigationStackTests {
    // MARK: - Helpers

    /// `name:presentation`, bottom to top.
    private func describe(_ stack: NavigationStack) -> [String] {
        stack.entries.map { "\($0.screen.name):\($0.presentation.rawValue)" }
    }

    /// home ← list (push) ← cart (sheet) ← address (push) ← payment (push)
    private func stackWithModal() throws -> NavigationStack {
        var stack = NavigationStack()
        try stack.setRoot(Screen("home"))
        try stack.push(Screen("list"))
        try stack.present(Screen("cart"), style: .sheet)
        try stack.push(Screen("address"))
        try stack.push(Screen("payment"))
        return stack
    }

    // MARK: - Building

    @Test func setRootPushAndPresentAppendInOrder() throws {
        let stack = try stackWithModal()
        #expect(describe(stack) == ["home:root", "list:push", "cart:sheet", "address:push", "payment:push"])
        #expect(stack.top?.screen.name == "payment")
        #expect(stack.topNavigationRootIndex == 2)
        #expect(stack.topModalIndex == 2)
        #expect((0..<stack.count).map(stack.isInsideModal) == [false, false, true, true, true])
    }

    @Test func fullScreenModalOverASheet() throws {
        var stack = try stackWithModal()
        try stack.present(Screen("scanner"), style: .fullScreen)
        #expect(describe(stack).last == "scanner:fullScreen")
        #expect(stack.topModalIndex == 5)
    }

    @Test func setRootReplacesEverythingModalsIncluded() throws {
        var stack = try stackWithModal()
        try stack.setRoot(Screen("login"))
        #expect(describe(stack) == ["login:root"])
        #expect(stack.topModalIndex == nil)
    }

    // MARK: - Removing

    @Test func popRemovesOnlyThePushedTop() throws {
        var stack = try stackWithModal()
        let popped = try stack.pop()
        #expect(popped.screen.name == "payment")
        #expect(popped.presentation == .push)
        #expect(describe(stack) == ["home:root", "list:push", "cart:sheet", "address:push"])
    }

    @Test func popToRootStopsAtTheTopModal() throws {
        var stack = try stackWithModal()
        let removed = try stack.popToRoot()
        #expect(removed.map(\.screen.name) == ["address", "payment"])
        #expect(describe(stack) == ["home:root", "list:push", "cart:sheet"])
        #expect(try stack.popToRoot().isEmpty)
    }

    @Test func dismissRemovesTheTopModalWithItsPushes() throws {
        var stack = try stackWithModal()
        let removed = try stack.dismiss()
        #expect(removed.map(\.screen.name) == ["cart", "address", "payment"])
        #expect(describe(stack) == ["home:root", "list:push"])
        #expect(try stack.popToRoot().map(\.screen.name) == ["list"])
    }

    @Test func dismissOfNestedModalsClosesOneAtATime() throws {
        var stack = try stackWithModal()
        try stack.present(Screen("scanner"), style: .fullScreen)
        try stack.push(Screen("result"))
        #expect(try stack.dismiss().map(\.screen.name) == ["scanner", "result"])
        #expect(try stack.dismiss().map(\.screen.name) == ["cart", "address", "payment"])
        #expect(describe(stack) == ["home:root", "list:push"])
    }

    // MARK: - Misuse

    @Test func emptyStackRefusesEverythingButSetRoot() {
        var stack = NavigationStack()
        #expect(throws: RouterMisuse.emptyStack(operation: "push")) { try stack.push(Screen("a")) }
        #expect(throws: RouterMisuse.emptyStack(operation: "present")) { try stack.present(Screen("a"), style: .sheet) }
        #expect(throws: RouterMisuse.emptyStack(operation: "pop")) { _ = try stack.pop() }
        #expect(throws: RouterMisuse.emptyStack(operation: "popToRoot")) { _ = try stack.popToRoot() }
        #expect(throws: RouterMisuse.noModal) { _ = try stack.dismiss() }
        #expect(stack.isEmpty)
    }

    @Test func popOfARootOrAModalIsRefused() throws {
        var stack = NavigationStack()
        try stack.setRoot(Screen("home"))
        #expect(throws: RouterMisuse.notPushed("home")) { _ = try stack.pop() }
        try stack.present(Screen("cart"), style: .sheet)
        #expect(throws: RouterMisuse.notPushed("cart")) { _ = try stack.pop() }
        #expect(describe(stack) == ["home:root", "cart:sheet"])
    }

    @Test func dismissWithoutAModalIsRefused() throws {
        var stack = NavigationStack()
        try stack.setRoot(Screen("home"))
        try stack.push(Screen("detail"))
        #expect(throws: RouterMisuse.noModal) { _ = try stack.dismiss() }
        #expect(describe(stack) == ["home:root", "detail:push"])
    }

    @Test func aScreenIsShownOnceAtATime() throws {
        var stack = NavigationStack()
        let home = Screen("home")
        try stack.setRoot(home)
        #expect(throws: RouterMisuse.alreadyShown("home")) { try stack.push(home) }
        #expect(throws: RouterMisuse.alreadyShown("home")) { try stack.present(home, style: .sheet) }
        #expect(throws: RouterMisuse.alreadyShown("home")) { try stack.setRoot(home) }
        #expect(describe(stack) == ["home:root"])
    }

    @Test func misuseDescriptionsSayWhatWentWrong() {
        #expect(
            RouterMisuse.notPushed("home").description
                == "pop of 'home', which was not pushed (a root or a modal is dismissed, not popped)")
        #expect(RouterMisuse.noModal.description == "dismiss with no modal open")
        #expect(RouterMisuse.stackTooDeep(limit: 3).description == "the stack would exceed its limit of 3 screens")
    }
}
