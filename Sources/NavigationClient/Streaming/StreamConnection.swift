import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One `GET …/stream` request, its answer delivered piece by piece as it arrives.
///
/// `URLSession.bytes(for:)` does not exist on Linux, so the bytes come
/// through a data delegate into an `AsyncStream`. Ending the iteration
/// before the request ends (or ``close()``) cancels the request.
///
/// A request that ended is never cancelled: on Linux, FoundationNetworking
/// checks a cancelled task's state on its own queue, and a task whose
/// completion is being delivered at that moment still reads as running;
/// the cancellation then reports a failure for a task its completion has
/// already removed, and the process stops with "Trying to access a
/// behaviour for a task that in not in the registry"
/// (swift-corelibs-foundation's `URLSessionTask.cancel()`; seen once in a
/// `make test` loop, under ThreadSanitizer).
struct StreamConnection: Sendable {
    enum Piece: Sendable {
        case response(HTTPURLResponse)
        case data(Data)
        /// The request ended: the server closed the stream, or it failed (`error`).
        case completed(String?)
    }

    let pieces: AsyncStream<Piece>
    private let task: URLSessionDataTask

    init(request: URLRequest, idleTimeout: Double) {
        let (pieces, continuation) = AsyncStream.makeStream(of: Piece.self)
        let configuration = URLSessionConfiguration.ephemeral
        // Between two pieces of data: the server's keep-alives keep a live stream under it.
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.timeoutIntervalForResource = .infinity
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: Delegate(continuation), delegateQueue: nil)
        let task = session.dataTask(with: request)
        continuation.onTermination = { termination in
            // Either way the session lets go of the delegate, which it holds until it is invalidated.
            if case .finished = termination {
                // The delegate finished the pieces: the request ended, in this very completion.
                session.finishTasksAndInvalidate()
            } else {
                task.cancel()
                session.invalidateAndCancel()
            }
        }
        self.pieces = pieces
        self.task = task
        task.resume()
    }

    func close() {
        task.cancel()
    }

    private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
        let continuation: AsyncStream<Piece>.Continuation

        init(_ continuation: AsyncStream<Piece>.Continuation) {
            self.continuation = continuation
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            if let response = response as? HTTPURLResponse { continuation.yield(.response(response)) }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            continuation.yield(.data(data))
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            continuation.yield(.completed(error.map { $0.localizedDescription }))
            continuation.finish()
        }
    }
}
