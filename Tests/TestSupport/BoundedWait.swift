import Foundation

/// A wait of a test that ran out: what it waited for, and what every
/// thread of the test process was doing then.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let description: String

    init(waitingFor what: String, seconds: Double) {
        description = "gave up after \(seconds) s waiting for \(what)\n" + ThreadDump.of(pid: getpid())
    }
}

/// The bounds of the waits below. They guard against a hang; no test
/// asserts that something took less than they allow (the machine is shared,
/// and ThreadSanitizer slows everything 5 to 15 times).
public enum WaitBound {
    /// For a condition the test is about to see (a metric, a file, a log line).
    public static let condition = 120.0
    /// For the threads of a load loop to finish all their requests.
    public static let threads = 480.0
}

/// Polls `condition` until it holds; throws ``WaitTimedOut`` when it still
/// does not after `seconds`.
public func waitUntil(
    _ what: @autoclosure () -> String, within seconds: Double = WaitBound.condition, pollingEvery interval: Double = 0.005,
    _ condition: () throws -> Bool
) throws {
    let giveUp = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while try !condition() {
        guard ContinuousClock.now < giveUp else { throw WaitTimedOut(waitingFor: what(), seconds: seconds) }
        usleep(UInt32(interval * 1_000_000))
    }
}

extension DispatchSemaphore {
    /// `wait()`, bounded: throws ``WaitTimedOut`` after `seconds`.
    public func wait(for what: @autoclosure () -> String, within seconds: Double = WaitBound.threads) throws {
        guard wait(timeout: .now() + seconds) == .success else { throw WaitTimedOut(waitingFor: what(), seconds: seconds) }
    }
}

extension DispatchGroup {
    /// `wait()`, bounded: throws ``WaitTimedOut`` after `seconds`.
    public func wait(for what: @autoclosure () -> String, within seconds: Double = WaitBound.threads) throws {
        guard wait(timeout: .now() + seconds) == .success else { throw WaitTimedOut(waitingFor: what(), seconds: seconds) }
    }
}
