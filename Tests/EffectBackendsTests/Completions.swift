import EffectBackends
import Foundation
import Testing

/// Outcomes of calls as their completions deliver them, with the name of the
/// thread each ran on; waits are bounded, never timed.
final class Completions: @unchecked Sendable {
    /// Guards `outcomes` and `threadNames`; waiters sleep on it.
    private let condition = NSCondition()
    private var outcomes: [Int: BackendOutcome] = [:]
    private var threadNames: [Int: String] = [:]
    private var deliveries = 0

    /// The completion of call number `index`.
    func callback(_ index: Int) -> @Sendable (BackendOutcome) -> Void {
        { outcome in
            let name = ThreadCensus.currentThreadName()
            self.condition.lock()
            self.outcomes[index] = outcome
            self.threadNames[index] = name
            self.deliveries += 1
            self.condition.broadcast()
            self.condition.unlock()
        }
    }

    /// The outcomes of calls 0 ..< `count` in order, once all came, or `nil`
    /// if they did not within `seconds` (a bound for a hung client, far
    /// above any timeout the tests set).
    func wait(for count: Int, seconds: Double = 60) -> [BackendOutcome]? {
        let giveUp = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while (0..<count).contains(where: { outcomes[$0] == nil }) {
            if !condition.wait(until: giveUp) { return nil }
        }
        return (0..<count).compactMap { outcomes[$0] }
    }

    /// How many completions ran, counting a second run of one call.
    var deliveryCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return deliveries
    }

    func threadName(of index: Int) -> String? {
        condition.lock()
        defer { condition.unlock() }
        return threadNames[index]
    }
}

/// Threads of this process, from /proc.
enum ThreadCensus {
    /// The number of threads in the process.
    static func count() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? -1
    }

    /// Threads whose name is `name` (a client's thread and what it started).
    static func count(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { threadName(at: "/proc/self/task/\($0)/comm") == name }.count
    }

    static func currentThreadName() -> String {
        threadName(at: "/proc/thread-self/comm") ?? ""
    }

    private static func threadName(at path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .newlines)
    }
}

/// Waits up to `seconds` for `condition`, checking every 10 ms; whether it held.
func eventually(seconds: Double = 60, _ condition: () -> Bool) -> Bool {
    let giveUp = Date(timeIntervalSinceNow: seconds)
    while !condition() {
        if Date() > giveUp { return false }
        usleep(10_000)
    }
    return true
}

/// A call to `url` with a JSON body and the ids the tests check.
func testCall(_ url: String, timeout: Double = 10, key: String = "s1.e1") throws -> BackendCall {
    BackendCall(
        url: try BackendURL(url), body: Array(#"{"username":"ada","password":"hunter2"}"#.utf8),
        idempotencyKey: key, requestID: "req-1", timeout: timeout)
}

/// A client whose retries come quickly, so the tests run fast; shut down after `body`.
func withClient<Result>(
    maxConcurrent: Int = BackendClient.defaultMaxConcurrent, maxResponseBytes: Int = BackendClient.defaultMaxResponseBytes,
    _ body: (BackendClient) throws -> Result
) throws -> Result {
    let client = try BackendClient(
        maxConcurrent: maxConcurrent, maxResponseBytes: maxResponseBytes, retryPolicy: RetryPolicy(initialDelay: 0.02, maxDelay: 0.2))
    defer { client.shutdown() }
    return try body(client)
}

/// The outcome of one call, or `nil` if none came within the bound.
func outcome(of call: BackendCall, on client: BackendClient) -> BackendOutcome? {
    let completions = Completions()
    client.perform(call, completion: completions.callback(0))
    return completions.wait(for: 1)?.first
}

/// The reason of an `.unavailable` outcome; for any other outcome, records
/// an issue and gives "".
func unavailableReason(_ outcome: BackendOutcome?, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    guard case .unavailable(let reason)? = outcome else {
        Issue.record("expected unavailable, got \(String(describing: outcome))", sourceLocation: sourceLocation)
        return ""
    }
    return reason
}
