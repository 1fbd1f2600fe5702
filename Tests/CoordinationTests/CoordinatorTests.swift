import TestSupport
import Testing

@testable import Coordination

/// The coordinator API as iOS teams write it: children kept and let go, `finish()` order
/// (the child leaves its parent before anyone hears of it), the closure and
/// typed-output ways to report back.
@Suite("Coordinator", .timeLimit(.minutes(10)), .hangGuard)
struct CoordinatorTests {
    /// Records what happens to it, in one shared list.
    private final class Probe: Coordinator {
        let name: String
        let trace: Trace
        init(_ name: String, _ environment: CoordinatorEnvironment, _ trace: Trace) {
            self.name = name
            self.trace = trace
            super.init(environment: environment)
        }
        override func start() { trace.lines.append("\(name).start") }
        override func childDidFinish(_ child: Coordinator) {
            trace.lines.append("\(name).childDidFinish(\((child as? Probe)?.name ?? "?")) children=\(childCoordinators.count)")
            super.childDidFinish(child)
        }
    }

    /// A parent that overrides `childDidFinish` without calling `super`.
    private final class Forgetful: Coordinator {
        var heard: [String] = []
        override func childDidFinish(_ child: Coordinator) {
            heard.append("\(child.id) children=\(childCoordinators.count) parent=\(child.parentCoordinator?.id ?? "none")")
        }
    }

    private final class Trace { var lines: [String] = [] }

    private final class Fetch: OutputCoordinator<Int> {}

    private let environment = CoordinatorEnvironment()

    // MARK: - Children

    @Test func startChildKeepsTheChildAndStartsIt() {
        let trace = Trace()
        let parent = Probe("P", environment, trace)
        let child = Probe("C", environment, trace)
        parent.startChild(child)
        #expect(parent.childCoordinators.map(\.id) == [child.id])
        #expect(child.parentCoordinator === parent)
        #expect(trace.lines == ["C.start"])
    }

    @Test func addChildIgnoresDuplicatesSelfAndFinishedCoordinators() {
        let trace = Trace()
        let parent = Probe("P", environment, trace)
        let child = Probe("C", environment, trace)
        let finished = Probe("F", environment, trace)
        finished.finish()
        parent.addChild(child)
        parent.addChild(child)
        parent.addChild(parent)
        parent.addChild(finished)
        #expect(parent.childCoordinators.count == 1 && parent.childCoordinators.first === child)
        #expect(finished.parentCoordinator == nil)
    }

    @Test func aFinishedParentTakesNoChildAndStartsNone() {
        let trace = Trace()
        let parent = Probe("P", environment, trace)
        let added = Probe("A", environment, trace)
        let started = Probe("S", environment, trace)
        parent.finish()
        parent.addChild(added)
        parent.startChild(started)
        #expect(parent.childCoordinators.isEmpty)
        #expect(added.parentCoordinator == nil && started.parentCoordinator == nil)
        #expect(!added.isFinished && !started.isFinished)
        #expect(trace.lines.isEmpty)
    }

    @Test func startChildStartsOnlyAChildItAdded() {
        let trace = Trace()
        let parent = Probe("P", environment, trace)
        let finished = Probe("F", environment, trace)
        finished.finish()
        parent.startChild(finished)
        parent.startChild(parent)
        #expect(parent.childCoordinators.isEmpty)
        #expect(finished.parentCoordinator == nil)
        #expect(trace.lines.isEmpty)

        let fresh = Probe("C", environment, trace)
        parent.startChild(fresh)
        #expect(trace.lines == ["C.start"])
    }

    @Test func addingToAnotherParentMovesTheChild() {
        let trace = Trace()
        let first = Probe("A", environment, trace)
        let second = Probe("B", environment, trace)
        let child = Probe("C", environment, trace)
        first.addChild(child)
        second.addChild(child)
        #expect(first.childCoordinators.isEmpty)
        #expect(second.childCoordinators.first === child && child.parentCoordinator === second)
    }

    @Test func removeChildLetsGoByIdentity() {
        let trace = Trace()
        let parent = Probe("P", environment, trace)
        let kept = Probe("K", environment, trace)
        let removed = Probe("R", environment, trace)
        parent.addChild(kept)
        parent.addChild(removed)
        parent.removeChild(removed)
        #expect(parent.childCoordinators.map { ($0 as? Probe)?.name } == ["K"])
        #expect(removed.parentCoordinator == nil)
    }

    // MARK: - Finishing

    @Test func finishRunsChildrenFirstThenTheClosureThenTheParent() {
        let trace = Trace()
        let parent = Probe("P", environment, trace)
        let child = Probe("C", environment, trace)
        let grandchildren = [Probe("G1", environment, trace), Probe("G2", environment, trace)]
        parent.addChild(child)
        for grandchild in grandchildren { child.addChild(grandchild) }
        child.onFinish = {
            let parentID = $0.parentCoordinator.map { ($0 as? Probe)?.name ?? "?" } ?? "none"
            trace.lines.append("C.onFinish(\(($0 as? Probe)?.name ?? "?")) P.children=\(parent.childCoordinators.count) parent=\(parentID)")
        }

        child.finish()
        child.finish()

        #expect(
            trace.lines == [
                "C.childDidFinish(G2) children=1", "C.childDidFinish(G1) children=0",
                "C.onFinish(C) P.children=0 parent=none", "P.childDidFinish(C) children=0",
            ])
        #expect(child.isFinished && grandchildren.allSatisfy(\.isFinished))
        #expect(child.onFinish == nil)
        #expect(parent.childCoordinators.isEmpty && child.childCoordinators.isEmpty)
        #expect(child.parentCoordinator == nil && grandchildren.allSatisfy { $0.parentCoordinator == nil })
    }

    @Test func finishLeavesTheParentEvenWhenItsChildDidFinishSkipsSuper() {
        let parent = Forgetful(environment: environment)
        let kept = Coordinator(environment: environment)
        let done = Coordinator(environment: environment)
        parent.addChild(kept)
        parent.addChild(done)
        done.finish()
        #expect(parent.childCoordinators.map(\.id) == [kept.id])
        #expect(parent.heard == ["\(done.id) children=1 parent=none"])

        parent.finish()
        #expect(parent.childCoordinators.isEmpty)
        #expect(kept.isFinished && kept.parentCoordinator == nil)
        // The parent finishes its children itself, and still hears of each.
        #expect(parent.heard == ["\(done.id) children=1 parent=none", "\(kept.id) children=0 parent=none"])
    }

    @Test func typedOutputReachesTheCompletionAfterTheParentLetGo() {
        let trace = Trace()
        let parent = Probe("P", environment, trace)
        let fetch = Fetch(environment: environment)
        parent.addChild(fetch)
        var outputs: [Int] = []
        fetch.start { output in
            trace.lines.append("completion(\(output)) children=\(parent.childCoordinators.count)")
            outputs.append(output)
        }
        fetch.finish(with: 7)
        fetch.finish(with: 8)
        #expect(outputs == [7])
        #expect(trace.lines == ["P.childDidFinish(?) children=0", "completion(7) children=0"])
    }

    @Test func finishingWithoutAnOutputSkipsTheCompletion() {
        let fetch = Fetch(environment: environment)
        var outputs: [Int] = []
        fetch.start { outputs.append($0) }
        fetch.finish()
        fetch.finish(with: 1)
        #expect(outputs.isEmpty)
    }

    // MARK: - Store

    @Test func storeIsSharedByEveryCoordinatorOfAnEnvironment() {
        let trace = Trace()
        let writer = Probe("W", environment, trace)
        let reader = Probe("R", environment, trace)
        writer.store[.touched] = true
        #expect(reader.store[.touched] == true)
        #expect(reader.store.contains(StoreKey<Bool>.touched))
        #expect(!reader.store.contains(StoreKey<String>("touched")))
        #expect(reader.store[StoreKey<Int>("missing"), default: 5] == 5)
        writer.store.removeValue(for: StoreKey<Bool>.touched)
        #expect(reader.store[.touched] == nil)
        #expect(Probe("X", CoordinatorEnvironment(), trace).store[.touched] == nil)
    }
}
