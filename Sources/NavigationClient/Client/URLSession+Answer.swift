import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// `data(for:)` whose cancellation neither hangs nor stops the process
    /// on Linux: a cancelled caller is answered `CancellationError` at
    /// once, and the request itself runs on to its answer or its timeout
    /// (the session's `timeoutIntervalForRequest`), unread. What it asked
    /// of the server may therefore still happen, as with any request
    /// already sent.
    ///
    /// FoundationNetworking's `data(for:)` cancels its task inside the
    /// task-cancellation handler, under the Swift task's status lock, and
    /// `URLSessionTask.cancel()` waits for the session's queue: when that
    /// queue is delivering the answer at that moment, it waits for the same
    /// lock to resume the caller, and both wait forever (seen under
    /// ThreadSanitizer: a model's `stopFollowing()` during a poll). A
    /// cancel that arrives while the answer is being delivered stops the
    /// process instead ("Trying to access a behaviour for a task that in
    /// not in the registry"). So no task is cancelled here.
    func answer(to request: URLRequest) async throws -> (Data, URLResponse) {
        let flight = RequestInFlight()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard flight.waiting(continuation) else { return }
                dataTask(with: request) { data, response, error in
                    if let error {
                        flight.resume(with: .failure(error))
                    } else if let response {
                        flight.resume(with: .success((data ?? Data(), response)))
                    } else {
                        flight.resume(with: .failure(URLError(.badServerResponse)))
                    }
                }.resume()
            }
        } onCancel: {
            flight.resume(with: .failure(CancellationError()))
        }
    }
}

/// The caller of one ``URLSession/answer(to:)``, resumed once: by the
/// answer, or by its cancellation, whichever comes first.
private final class RequestInFlight: @unchecked Sendable {
    typealias Answer = Result<(Data, URLResponse), any Error>

    private let lock = NSLock()
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var cancelledFirst = false

    /// Keeps the caller's continuation; false (and the caller answered
    /// `CancellationError`) when it was cancelled before: nothing is sent.
    func waiting(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) -> Bool {
        let cancelled = locked {
            if !cancelledFirst { self.continuation = continuation }
            return cancelledFirst
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    func resume(with answer: Answer) {
        let waiting = locked {
            let waiting = continuation
            continuation = nil
            if waiting == nil, case .failure(let error) = answer, error is CancellationError { cancelledFirst = true }
            return waiting
        }
        waiting?.resume(with: answer)
    }

    /// `NSLocking.withLock` is missing from older Apple systems.
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
