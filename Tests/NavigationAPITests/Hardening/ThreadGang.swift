import Foundation

/// Runs `body(index)` on `count` threads of its own at once (unlike
/// `DispatchQueue.concurrentPerform`, which runs only as many at a time as
/// there are cores), all released together, and waits for every one.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            start.wait()
            body(index)
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    for _ in 0..<count { start.signal() }
    done.wait()
}
