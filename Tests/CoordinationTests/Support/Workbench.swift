@testable import Coordination

/// What the workbench coordinators did, in order, for tests that check when
/// the engine calls `didGoBack`, `didDismiss`, `finish` and `childDidFinish`.
final class LifecycleLog {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}

extension StoreKey where Value == LifecycleLog {
    static let lifecycle = StoreKey("lifecycle")
}

extension StoreKey where Value == Bool {
    static let touched = StoreKey("touched")
}

struct WorkbenchCrash: Error, CustomStringConvertible {
    var description: String { "the workbench crashed on purpose" }
}

/// A coordinator whose screens expose every router operation as an event,
/// so engine tests can drive any navigation from the client side.
///
/// Each screen it shows carries ``actions``; `startChild` and
/// `startModalChild` start a child workbench that pushes or presents its own
/// first screen. The label names the coordinator in the lifecycle log and in
/// ``Session/treeDescription``.
class Workbench: Coordinator {
    /// The events of every workbench screen, in declaration order.
    static let actions = [
        "push", "present", "pop", "popToRoot", "dismissModal", "setRoot", "update",
        "startChild", "startModalChild", "finish", "finishFlow", "reject", "crash", "updateOffStack",
    ]

    let label: String
    private let firstScreen: String
    private let firstPresentation: Presentation

    init(environment: CoordinatorEnvironment, label: String, firstScreen: String, presentation: Presentation = .root) {
        self.label = label
        self.firstScreen = firstScreen
        self.firstPresentation = presentation
        super.init(environment: environment)
    }

    var log: LifecycleLog {
        if let log = store[.lifecycle] { return log }
        let log = LifecycleLog()
        store[.lifecycle] = log
        return log
    }

    override func start() {
        _ = log
        show(makeScreen(firstScreen), as: firstPresentation)
    }

    func show(_ screen: Screen, as presentation: Presentation) {
        switch presentation {
        case .root: router.setRoot(screen)
        case .push: router.push(screen)
        case .sheet: router.present(screen, style: .sheet)
        case .fullScreen: router.present(screen, style: .fullScreen)
        }
    }

    func makeScreen(_ name: String) -> Screen {
        let screen = Screen(name, params: ["count": 0])
        screen
            .on("push", fields: ["name": .string]) { [unowned self] in router.push(makeScreen($0.string("name"))) }
            .on("present", fields: ["name": .string, "style": .string]) { [unowned self] payload in
                let style = ModalStyle(rawValue: payload.string("style")) ?? .sheet
                router.present(makeScreen(payload.string("name")), style: style)
            }
            .on("pop") { [unowned self] _ in router.pop() }
            .on("popToRoot") { [unowned self] _ in router.popToRoot() }
            .on("dismissModal") { [unowned self] _ in router.dismiss() }
            .on("setRoot", fields: ["name": .string]) { [unowned self] in router.setRoot(makeScreen($0.string("name"))) }
            .on("update") { [unowned self, unowned screen] _ in
                router.update(screen, "count", to: .number((screen.params["count"]?.numberValue ?? 0) + 1))
            }
            .on("startChild", fields: ["name": .string]) { [unowned self] in startWorkbench($0.string("name"), .push) }
            .on("startModalChild", fields: ["name": .string]) { [unowned self] in startWorkbench($0.string("name"), .sheet) }
            .on("finish") { [unowned self] _ in finish() }
            .on("finishFlow") { [unowned self] _ in
                result = ["answer": 42]
                finish()
            }
            .on("reject") { [unowned self, unowned screen] _ in
                // Change everything a handler can change, then refuse.
                store[.touched] = true
                router.update(screen, "count", to: 99)
                router.push(makeScreen("doomed"))
                startWorkbench("doomedChild", .push)
                throw EventRejection("the workbench refuses")
            }
            .on("crash") { [unowned self] _ in
                router.push(makeScreen("doomed"))
                throw WorkbenchCrash()
            }
            .on("updateOffStack") { [unowned self] _ in router.update(Screen("nowhere"), "count", to: 1) }
        return screen
    }

    private func startWorkbench(_ name: String, _ presentation: Presentation) {
        let child = Workbench(environment: environment, label: name.uppercased(), firstScreen: name, presentation: presentation)
        child.onFinish = { [log] in log.append("\(($0 as? Workbench)?.label ?? "?").onFinish") }
        startChild(child)
    }

    override func didGoBack(from screen: Screen) {
        log.append("\(label).didGoBack(\(screen.name)) stack=\(stackNames)")
    }

    override func didDismiss(_ screens: [Screen]) {
        log.append("\(label).didDismiss(\(screens.map(\.name).joined(separator: ","))) stack=\(stackNames)")
    }

    override func finish() {
        guard !isFinished else { return }
        log.append("\(label).finish")
        super.finish()
    }

    override func childDidFinish(_ child: Coordinator) {
        log.append("\(label).childDidFinish(\((child as? Workbench)?.label ?? "?"))")
        super.childDidFinish(child)
    }

    private var stackNames: String {
        environment.navigation.stack.entries.map(\.screen.name).joined(separator: ",")
    }
}

extension Flow {
    /// A flow whose root workbench shows `home` as the root screen.
    static let workbench = Flow(name: "workbench", description: "Every router operation as an event.") { environment in
        Workbench(environment: environment, label: "ROOT", firstScreen: "home")
    }
}
