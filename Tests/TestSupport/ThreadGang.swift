import Foundation

/// Runs `body(index)` on `count` threads of their own at once (unlike
/// `DispatchQueue.concurrentPerform`, which runs only as many at a time as
/// there are cores), all released together, and waits for every one: for
/// at most `seconds`, then throws ``WaitTimedOut`` with a thread dump.
public func runOnThreads(_ count: Int, within seconds: Double = WaitBound.threads, _ body: @escaping @Sendable (Int) -> Void) throws {
    let started = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        started.enter()
        done.enter()
        let thread = Thread {
            started.leave()
            start.wait()
            body(index)
            done.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    try started.wait(for: "\(count) threads to start", within: WaitBound.condition)
    for _ in 0..<count { start.signal() }
    try done.wait(for: "\(count) threads to finish", within: seconds)
}
