import HTTPCore
import TestSupport
import Testing

/// Every answer carries `X-Content-Type-Options: nosniff` exactly once:
/// the handler's, the server's own refusals, early answers and streams.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct HTTPServerContentTypeOptionsTests {
    /// `/stream`: a stream closed at once; `/sniff`: a handler that sets the
    /// header itself, to another value; anything else: a plain 200.
    private final class Handler: HTTPHandler {
        func response(beforeBodyOf head: HTTPRequestHead) -> HTTPResponse? {
            head.path == "/refused" ? HTTPResponse(status: 403) : nil
        }

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            switch request.path {
            case "/stream":
                let stream = HTTPStream(capacityBytes: 64, overflowNotice: [], stopNotice: [])
                stream.close(with: [Array("done".utf8)])
                return HTTPResponse(status: 200, stream: stream)
            case "/sniff":
                return HTTPResponse(status: 200, headers: ["x-content-type-options": "sniff", "X-Content-Type-Options": "x"])
            default:
                return HTTPResponse(status: 200, body: Array("<html>".utf8))
            }
        }

        func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
            HTTPResponse(status: rejection == .bodyTooLarge(limit: 16) ? 413 : 400)
        }
    }

    @Test func everyAnswerSaysNoSniffOnce() throws {
        let requests: [(String, String, [(String, String)], [UInt8], Int)] = [
            ("GET", "/page", [], [], 200),
            ("GET", "/sniff", [], [], 200),
            ("GET", "/stream", [("Connection", "close")], [], 200),
            ("POST", "/page", [], [UInt8](repeating: 1, count: 17), 413),
            ("GET", "/page", [("Content-Length", "0"), ("Content-Length", "0")], [], 400),
            ("GET", "/refused", [], [], 403),
        ]
        try withServer(handler: Handler(), configure: { $0.maxBodyBytes = 16 }) { server in
            for (method, path, headers, body, status) in requests {
                let connection = try TestHTTPConnection(port: server.port)
                try connection.sendRequest(method, path, headers: headers, body: body)
                let response = try connection.readResponse()
                #expect(response.status == status, "\(method) \(path)")
                #expect(response.headers.values(for: "X-Content-Type-Options") == ["nosniff"], "\(method) \(path)")
            }
        }
    }
}
