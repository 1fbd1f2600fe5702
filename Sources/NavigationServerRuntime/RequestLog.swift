import HTTPCore
import NavigationAPI
import Platform

/// Wraps the API: gives every request an `X-Request-ID` (the client's when
/// valid, else a new one), echoes it in the response, and logs one line per
/// request with time, level, request id, method, route template, status and
/// duration:
///
/// `{"time":"2026-11-29T14:58:18.123Z","level":"info","msg":"request","request_id":"…",
/// "method":"GET","route":"/v1/sessions/{id}","status":200,"duration_us":153}`
///
/// The route is the path template, never the raw path: a hostile path cannot
/// flood the log, and lines group by route. 5xx answers are logged at
/// `error`, except 503 (`warn`). An answer that waits (for effects'
/// outcomes) is logged when it is sent, or with status 499 when its client
/// left first. Lines below `warn` are buffered per thread
/// (``LogBuffer``): written at most a second later, or at a graceful stop.
struct RequestLog: HTTPHandler {
    let api: NavigationAPI
    let logger: Logger

    /// Logged for a request no route matched.
    private static var unroutedRoute: String { "unrouted" }
    /// Logged for a deferred answer whose client went away first (nginx's 499).
    private static var clientClosedRequest: Int { 499 }
    /// Longest method logged; the rest is cut.
    private static var maxMethodBytes: Int { 16 }

    func handle(_ request: consuming HTTPRequest) -> HTTPResponse {
        let requestID = RequestID.forRequest(sentAs: request.headers.firstValue(named: RequestID.headerName))
        // Read before the request goes to the API, which takes it.
        let method = Self.loggedMethod(request.method)
        let start = Self.monotonicMicroseconds()
        var routed = api.respond(to: request)
        Self.echo(requestID, in: &routed.response.headers)
        let route = routed.routeTemplate ?? Self.unroutedRoute
        if let deferred = routed.response.deferred {
            // Logged when answered (499 when the client left first), with the wait in its duration.
            deferred.whenCompleted { [self] outcome in
                let status: Int
                switch outcome {
                case .answered(let response): status = response.status
                case .abandoned: status = Self.clientClosedRequest
                }
                log(requestID: requestID, method: method, route: route, status: status, microseconds: Self.monotonicMicroseconds() - start)
            }
            return routed.response
        }
        log(
            requestID: requestID, method: method, route: route, status: routed.response.status,
            microseconds: Self.monotonicMicroseconds() - start)
        return routed.response
    }

    func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
        let requestID = RequestID.generate()
        var response = api.response(for: rejection)
        Self.echo(requestID, in: &response.headers)
        log(requestID: requestID, method: "-", route: Self.unroutedRoute, status: response.status, microseconds: 0)
        return response
    }

    /// The API's answer from the head, logged like any other request.
    func response(beforeBodyOf head: HTTPRequestHead) -> HTTPResponse? {
        let start = Self.monotonicMicroseconds()
        guard var response = api.response(beforeBodyOf: head) else { return nil }
        let requestID = RequestID.forRequest(sentAs: head.headers.firstValue(named: RequestID.headerName))
        Self.echo(requestID, in: &response.headers)
        log(
            requestID: requestID, method: Self.loggedMethod(head.method), route: Self.unroutedRoute,
            status: response.status, microseconds: Self.monotonicMicroseconds() - start)
        return response
    }

    /// The API's own bound: a request with a smaller body is checked once, whole.
    var bodyBytesReceivedBeforeAsking: Int? { NavigationAPI.bodyReadBeforeChecking }

    /// Adds the request id to a response's headers. Added, not replaced:
    /// the API never sets it (a debug build checks), and looking for it
    /// first cost ~150 instructions a request.
    private static func echo(_ requestID: RequestID.Text, in headers: inout HTTPHeaders) {
        assert(headers.firstValue(named: RequestID.headerName) == nil, "the API set \(RequestID.headerName)")
        requestID.withUTF8 { headers.add(named: RequestID.headerName, utf8: $0) }
    }

    /// The method, cut to ``maxMethodBytes``; a method that fits is logged
    /// as it is, without spelling it again through a generic byte prefix.
    private static func loggedMethod(_ method: String) -> String {
        guard method.utf8.count > maxMethodBytes else { return method }
        return String(decoding: method.utf8.prefix(maxMethodBytes), as: UTF8.self)
    }

    // Out of line so that bench/profile.py can name its cost ("request log line").
    @inline(never)
    private func log(requestID: RequestID.Text, method: String, route: String, status: Int, microseconds: Int) {
        logger.logBuffered(Self.level(of: status), "request") { line in
            requestID.withUTF8 { line.field("request_id", token: $0) }
            line.field("method", method)
            line.field("route", route)
            line.field("status", status)
            line.field("duration_us", microseconds)
        }
    }

    /// `error` for a 5xx (a bug in a flow), but `warn` for 503: a draining
    /// server answers every readiness probe with it, which is no error.
    private static func level(of status: Int) -> LogLevel {
        switch status {
        case 503: .warn
        case 500...: .error
        default: .info
        }
    }

    private static func monotonicMicroseconds() -> Int {
        SystemClock.monotonicNanoseconds() / 1_000
    }
}
