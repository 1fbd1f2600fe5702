import Coordination
import TestSupport

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

    /// `nondeterministic`: `go` pushes `step` the first time it runs in this
    /// flow and pops the root on every later run (a flow that reads
    /// process state instead of its journal). `fail` on `step` misuses the
    /// router, so the session is rebuilt, the replayed `go` fails, and the
    /// session is lost. Each call makes a flow with its own counter.
    static func nondeterministic() -> Flow {
        let runs = LockedBox(0)
        return Flow(name: "nondeterministic", description: "Replays differently.") { environment in
            NondeterministicCoordinator(environment: environment, runs: runs)
        }
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

final class NondeterministicCoordinator: Coordinator {
    private let runs: LockedBox<Int>

    init(environment: CoordinatorEnvironment, runs: LockedBox<Int>) {
        self.runs = runs
        super.init(environment: environment)
    }

    override func start() {
        let start = Screen("start")
            .on("go") { [unowned self] _ in
                let run = runs.withLock { count -> Int in
                    count += 1
                    return count
                }
                if run == 1 {
                    router.push(
                        Screen("step").on("fail") { [unowned self] _ in
                            router.pop()
                            router.pop()
                        })
                } else {
                    router.pop()
                }
            }
        router.setRoot(start)
    }
}
