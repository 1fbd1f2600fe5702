import Foundation
import HTTPCore
import Platform
import TestSupport

/// The test handler for ``DeferredResponse``:
///
/// - `/defer…` (any path starting so): answers later, keeping the deferred
///   response (with the request's path) for the test to complete; the
///   answer carries `X-Decorated: handler`, and a stopping server answers
///   503 "stopping";
/// - `/defer-now`: completes with 201 "now" inside `handle`, before the
///   server suspends the connection;
/// - `/twice`: returns the first `/defer` request's deferred response again;
/// - `/race/<n>`: completes with "<n>" from another thread at once, racing
///   the suspension, after 0 to 3 yields (not kept);
/// - `/early` is deferred from its head (``HTTPHandler/response(beforeBodyOf:)``);
/// - anything else: 200 "plain".
final class DeferringHandler: HTTPHandler {
    let deferred = LockedBox<[(path: String, response: DeferredResponse)]>([])

    static let stopResponse = HTTPResponse(status: 503, headers: ["Retry-After": "1"], body: Array("stopping".utf8))

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.path == "/defer-now" {
            let later = DeferredResponse()
            later.complete(with: HTTPResponse(status: 201, body: Array("now".utf8)))
            return HTTPResponse(deferred: later, headers: ["X-Decorated": "handler"])
        }
        if request.path.hasPrefix("/race/") {
            let later = DeferredResponse()
            let text = String(request.path.dropFirst("/race/".count))
            DispatchQueue.global().async {
                for _ in 0..<(text.utf8.last ?? 0) % 4 { sched_yield() }
                later.complete(with: HTTPResponse(status: 200, body: Array(text.utf8)))
            }
            return HTTPResponse(deferred: later)
        }
        if request.path == "/twice", let first = deferred.withLock({ $0.first?.response }) {
            return HTTPResponse(deferred: first)
        }
        guard request.path.hasPrefix("/defer") || request.path == "/early" else {
            return HTTPResponse(status: 200, body: Array("plain".utf8))
        }
        return deferResponse(path: request.path)
    }

    func response(beforeBodyOf head: HTTPRequestHead) -> HTTPResponse? {
        head.path == "/early" ? deferResponse(path: head.path) : nil
    }

    func response(for rejection: HTTPRequestRejection) -> HTTPResponse { HTTPResponse(status: 400) }

    private func deferResponse(path: String) -> HTTPResponse {
        let later = DeferredResponse(serverStopResponse: Self.stopResponse)
        deferred.withLock { $0.append((path, later)) }
        return HTTPResponse(deferred: later, headers: ["X-Decorated": "handler"])
    }

    /// The `index`th deferred response, once the handler made it.
    func deferred(_ index: Int) -> DeferredResponse? {
        var found: DeferredResponse?
        _ = waitUntil {
            found = self.deferred.withLock { $0.count > index ? $0[index].response : nil }
            return found != nil
        }
        return found
    }
}

/// Polls `condition` until it holds; false if it still does not after a
/// generous bound (the machine is shared and slow under ThreadSanitizer).
func waitUntil(seconds: Double = WaitBound.condition, _ condition: () -> Bool) -> Bool {
    let giveUp = ContinuousClock.now.advanced(by: .seconds(seconds))
    while !condition() {
        guard ContinuousClock.now < giveUp else { return false }
        usleep(2_000)
    }
    return true
}

/// Records ``DeferredResponse/Outcome``s as statuses, -1 for abandoned.
final class OutcomeLog: Sendable {
    private let statuses = LockedBox<[Int]>([])

    func watch(_ deferred: DeferredResponse) {
        deferred.whenCompleted { outcome in
            let status: Int
            switch outcome {
            case .answered(let response): status = response.status
            case .abandoned: status = -1
            }
            self.statuses.withLock { $0.append(status) }
        }
    }

    var recorded: [Int] { statuses.withLock { $0 } }
}
