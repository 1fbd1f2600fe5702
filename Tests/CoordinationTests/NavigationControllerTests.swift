import TestSupport
import Testing

@testable import Coordination

/// Routers over one session's navigation controller: ids, ownership, the
/// history they write, misuse, and the recording router iOS teams test
/// coordinators with.
@Suite("NavigationController and routers", .timeLimit(.minutes(10)), .hangGuard)
struct NavigationControllerTests {
    final class Alpha: Coordinator {}
    final class Beta: Coordinator {}

    // MARK: - Helpers

    /// `seq/version operation(screen#id, presentation) by Type animated?`
    private func describe(_ history: History) -> [String] {
        history.entries.map { entry in
            let presentation = entry.presentation.map { ", \($0.rawValue)" } ?? ""
            return "\(entry.seq)/v\(entry.version) \(entry.operation.rawValue)(\(entry.screen)#\(entry.screenId)\(presentation))"
                + " by \(entry.coordinator)" + (entry.animated ? " animated" : "")
        }
    }

    private func names(_ environment: CoordinatorEnvironment) -> [String] {
        environment.navigation.stack.entries.map { "\($0.screen.name):\($0.presentation.rawValue)" }
    }

    // MARK: - Carrying calls out

    @Test func everyCallIsCarriedOutAndRecordedWithItsCaller() {
        let environment = CoordinatorEnvironment()
        let alpha = Alpha(environment: environment)
        let beta = Beta(environment: environment)
        let navigation = environment.navigation
        let home = Screen("home")
        let cart = Screen("cart")
        let address = Screen("address")

        navigation.begin(version: 1)
        alpha.router.setRoot(home)
        navigation.begin(version: 2)
        beta.router.present(cart, style: .sheet)
        beta.router.push(address)
        navigation.begin(version: 3)
        alpha.router.update(home, "badge", to: 1)
        beta.router.popToRoot()
        navigation.begin(version: 4)
        beta.router.dismiss()

        #expect(
            describe(navigation.history) == [
                "1/v1 setRoot(home#s1, root) by Alpha",
                "2/v2 present(cart#s2, sheet) by Beta animated",
                "3/v2 push(address#s3, push) by Beta animated",
                "4/v3 update(home#s1) by Alpha",
                "5/v3 popToRoot(cart#s2) by Beta animated",
                "6/v4 dismiss(cart#s2) by Beta animated",
            ])
        #expect(names(environment) == ["home:root"])
        #expect(home.params == ["badge": 1])
        #expect(home.coordinator === alpha && cart.coordinator === beta && address.coordinator === beta)
        #expect(navigation.misuse == nil)
    }

    @Test func aScreenKeepsItsIDAndOwnerWhenShownAgain() {
        let environment = CoordinatorEnvironment()
        let alpha = Alpha(environment: environment)
        let beta = Beta(environment: environment)
        let detail = Screen("detail")
        alpha.router.setRoot(Screen("home"))
        alpha.router.push(detail)
        alpha.router.pop()
        beta.router.push(detail)
        let next = Screen("next")
        beta.router.push(next)
        #expect(detail.id == "s2")
        #expect(detail.coordinator === alpha)
        #expect(next.id == "s3")
        #expect(alpha.ownsScreenOnStack && beta.ownsScreenOnStack)
    }

    @Test func coordinatorIDsComeFromTheEnvironmentCounter() {
        let environment = CoordinatorEnvironment()
        let ids = (0..<3).map { _ in Coordinator(environment: environment).id }
        #expect(ids == ["c1", "c2", "c3"])
        #expect(Coordinator(environment: CoordinatorEnvironment()).id == "c1")
    }

    // MARK: - Misuse

    @Test(arguments: [
        ("pop", RouterMisuse.notPushed("home")),
        ("dismiss", RouterMisuse.noModal),
        ("updateGhost", RouterMisuse.notOnStack("ghost")),
        ("setRootAgain", RouterMisuse.alreadyShown("home")),
    ])
    func misuseIsRememberedAndChangesNothing(call: String, misuse: RouterMisuse) {
        let environment = CoordinatorEnvironment()
        let alpha = Alpha(environment: environment)
        let home = Screen("home")
        alpha.router.setRoot(home)
        switch call {
        case "pop": alpha.router.pop()
        case "dismiss": alpha.router.dismiss()
        case "updateGhost": alpha.router.update(Screen("ghost"), "x", to: 1)
        default: alpha.router.setRoot(home)
        }
        #expect(environment.navigation.misuse == misuse)
        #expect(names(environment) == ["home:root"])
        #expect(environment.navigation.history.entries.map(\.operation) == [.setRoot])
    }

    @Test func callsAfterAMisuseAreIgnoredUntilTheNextEvent() {
        let environment = CoordinatorEnvironment()
        let alpha = Alpha(environment: environment)
        alpha.router.setRoot(Screen("home"))
        alpha.router.pop()
        let ignored = Screen("ignored")
        alpha.router.push(ignored)
        #expect(ignored.id == nil)
        #expect(names(environment) == ["home:root"])

        environment.navigation.begin(version: 2)
        #expect(environment.navigation.misuse == nil)
        alpha.router.push(ignored)
        #expect(names(environment) == ["home:root", "ignored:push"])
    }

    @Test func depthLimitRefusesPushAndPresentButNotSetRoot() {
        let environment = CoordinatorEnvironment(navigation: NavigationController(maxStackDepth: 2))
        let alpha = Alpha(environment: environment)
        alpha.router.setRoot(Screen("home"))
        alpha.router.push(Screen("one"))
        alpha.router.present(Screen("two"))
        #expect(environment.navigation.misuse == .stackTooDeep(limit: 2))
        #expect(names(environment) == ["home:root", "one:push"])

        environment.navigation.begin(version: 2)
        alpha.router.setRoot(Screen("fresh"))
        #expect(environment.navigation.misuse == nil)
        #expect(names(environment) == ["fresh:root"])
    }

    // MARK: - Recording router

    @Test func recordingRouterLogsEachCallInOrderAndCarriesItOut() {
        let log = RouterCallLog()
        let environment = CoordinatorEnvironment(recordingInto: log)
        let alpha = Alpha(environment: environment)
        let beta = Beta(environment: environment)
        let home = Screen("home")
        alpha.router.setRoot(home)
        alpha.router.push(Screen("detail"))
        beta.router.present(Screen("cart"), style: .fullScreen)
        beta.router.update(home, "badge", to: 2)
        beta.router.dismiss()
        alpha.router.popToRoot()
        alpha.router.push(Screen("again"))
        alpha.router.pop()

        #expect(alpha.router is RecordingRouter)
        #expect(
            log.calls == [
                .setRoot("home"), .push("detail"), .present("cart", .fullScreen), .update("home"),
                .dismiss, .popToRoot, .push("again"), .pop,
            ])
        #expect(log.entries.map(\.coordinator) == ["Alpha", "Alpha", "Beta", "Beta", "Beta", "Alpha", "Alpha", "Alpha"])
        #expect(log.calls.map(\.description)[2] == "present(cart, fullScreen)")
        #expect(names(environment) == ["home:root"])
        #expect(environment.navigation.history.entries.count == 8)

        log.removeAll()
        #expect(log.calls.isEmpty)
    }

    @Test func recordingRouterLogsEvenACallThatFails() {
        let log = RouterCallLog()
        let environment = CoordinatorEnvironment(recordingInto: log)
        let alpha = Alpha(environment: environment)
        alpha.router.setRoot(Screen("home"))
        alpha.router.pop()
        #expect(log.calls == [.setRoot("home"), .pop])
        #expect(environment.navigation.misuse == .notPushed("home"))
    }
}
