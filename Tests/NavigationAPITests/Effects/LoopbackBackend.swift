import Coordination
import HTTPCore
import TestSupport

/// A team's backend (an auth or payment service) for the effect tests: a
/// real HTTP server on 127.0.0.1 and a free port, in the test process, that
/// `navigation-server --backend NAME=URL` calls.
///
/// It records every request it receives and answers each as `script` says,
/// given the request: at once, held until ``release()``, or never. A held
/// or unanswered request holds no thread (a ``DeferredResponse``); the
/// backend answers those still open with a 503 when it stops.
final class LoopbackBackend: Sendable {
    /// A request as the backend received it.
    struct Request: Sendable {
        /// 1 for the first request this backend received, 2 for the next, …
        let number: Int
        let path: String
        let idempotencyKey: String?
        let requestID: String?
        let contentType: String?
        let body: [UInt8]

        var json: JSONValue? { try? JSONParser.parse(body) }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// What the backend answers one request.
    enum Reply: Sendable {
        /// `status` with `body` as `application/json`; no body when nil.
        case json(Int, JSONValue?)
        /// `status` with an RFC 9457 `application/problem+json` body whose `detail` is `detail`.
        case problem(Int, detail: String)
        /// `reply`, once ``release()`` is called (at once after it).
        indirect case held(Reply)
        /// No answer while the backend runs.
        case never
    }

    private struct State {
        var requests: [Request] = []
        var held: [(DeferredResponse, HTTPResponse)] = []
        var isReleased = false
    }

    private let server: HTTPServer
    private let state: LockedBox<State>

    init(_ script: @escaping @Sendable (Request) -> Reply) throws {
        let state = LockedBox(State())
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.threads = 2
        server = HTTPServer(configuration: configuration, handler: Handler(state: state, script: script))
        self.state = state
        try server.start()
    }

    /// Answers every request with `reply`.
    convenience init(always reply: Reply) throws {
        try self.init { _ in reply }
    }

    deinit {
        server.stop(deadline: 0)
    }

    var port: Int { server.port }

    /// The URL of `path` on this backend, for `--backend NAME=URL`.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every request received so far, oldest first.
    var requests: [Request] { state.withLock { $0.requests } }

    /// Waits until at least `count` requests have arrived, and returns them all.
    @discardableResult
    func awaitRequests(_ count: Int) throws -> [Request] {
        try waitUntil("\(count) requests at the backend on port \(port)") { requests.count >= count }
        return requests
    }

    /// Sends the held answers, and answers later held requests at once.
    func release() {
        let held = state.withLock { state in
            state.isReleased = true
            defer { state.held = [] }
            return state.held
        }
        for (deferred, response) in held { deferred.complete(with: response) }
    }

    private struct Handler: HTTPHandler {
        let state: LockedBox<State>
        let script: @Sendable (Request) -> Reply

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            let received = state.withLock { state in
                let received = Request(
                    number: state.requests.count + 1, path: request.path, idempotencyKey: request.headers["Idempotency-Key"],
                    requestID: request.headers["X-Request-ID"], contentType: request.headers["Content-Type"], body: request.body)
                state.requests.append(received)
                return received
            }
            return answer(script(received))
        }

        func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
            HTTPResponse(status: 400)
        }

        private func answer(_ reply: Reply) -> HTTPResponse {
            switch reply {
            case .json(let status, let body):
                guard let body else { return HTTPResponse(status: status) }
                return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body.encoded())
            case .problem(let status, let detail):
                let problem: JSONValue = [
                    "type": "about:blank", "title": "Refused", "status": .number(Double(status)), "detail": .string(detail),
                ]
                return HTTPResponse(status: status, headers: ["Content-Type": "application/problem+json"], body: problem.encoded())
            case .held(let reply):
                let response = answer(reply)
                let deferred = DeferredResponse()
                let isReleased = state.withLock { state in
                    if !state.isReleased { state.held.append((deferred, response)) }
                    return state.isReleased
                }
                return isReleased ? response : HTTPResponse(deferred: deferred)
            case .never:
                // Answered with a 503 only when the backend stops.
                return HTTPResponse(deferred: DeferredResponse())
            }
        }
    }
}
