import Coordination

/// Tiny flows that exist only to reach corners the built-in flows do not.
enum TestFlows {
    static let all = [farewell, broken, brokenAtStart]

    /// `farewell`: one screen whose `leave` finishes the root, so the session
    /// finishes with a result.
    static let farewell = Flow(name: "farewell", description: "Finishes on the first event.") { environment in
        FarewellCoordinator(environment: environment)
    }

    /// `broken`: `popRoot` misuses the router (pops the root screen), a bug
    /// in the flow the server must survive without changing the session.
    static let broken = Flow(name: "broken", description: "Misuses its router.") { environment in
        BrokenCoordinator(environment: environment)
    }

    /// `brokenAtStart`: its root shows nothing, so no session can be created.
    static let brokenAtStart = Flow(name: "brokenAtStart", description: "Shows no screen.") { environment in
        Coordinator(environment: environment)
    }
}

final class FarewellCoordinator: Coordinator {
    override func start() {
        let goodbye = Screen("goodbye")
            .on("leave") { [unowned self] _ in
                result = ["said": "goodbye"]
                finish()
            }
        router.setRoot(goodbye)
    }
}

final class BrokenCoordinator: Coordinator {
    override func start() {
        let screen = Screen("fragile")
            .on("popRoot") { [unowned self] _ in router.pop() }
        router.setRoot(screen)
    }
}
