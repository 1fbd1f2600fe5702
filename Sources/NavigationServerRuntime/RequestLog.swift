#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HTTPCore

/// Wraps a handler and writes one line per request to stderr:
/// `GET /v1/sessions/… 200 153us`.
///
/// Runs on libmicrohttpd's worker threads: the line is built as bytes and
/// written with a single `write(2)`, so concurrent lines never interleave.
struct RequestLog<Wrapped: HTTPHandler>: HTTPHandler {
    let wrapped: Wrapped

    /// Longest path logged; the rest is cut, so a hostile path cannot flood the log.
    private static var maxPathBytes: Int { 256 }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let start = Self.monotonicMicroseconds()
        let response = wrapped.handle(request)
        log(method: request.method, path: request.path, status: response.status,
            microseconds: Self.monotonicMicroseconds() - start)
        return response
    }

    func response(for rejection: HTTPRequestRejection) -> HTTPResponse {
        let response = wrapped.response(for: rejection)
        log(method: "-", path: "(body too large)", status: response.status, microseconds: 0)
        return response
    }

    private func log(method: String, path: String, status: Int, microseconds: Int) {
        var line: [UInt8] = []
        line.reserveCapacity(32 + method.utf8.count + min(path.utf8.count, Self.maxPathBytes))
        Self.appendPrintable(method.utf8.prefix(16), to: &line)
        line.append(UInt8(ascii: " "))
        Self.appendPrintable(path.utf8.prefix(Self.maxPathBytes), to: &line)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: String(status).utf8)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: String(microseconds).utf8)
        line.append(contentsOf: "us\n".utf8)
        StandardStream.error.write(line)
    }

    /// Copies `text`, replacing control bytes so a client cannot forge log lines.
    private static func appendPrintable(_ text: some Sequence<UInt8>, to line: inout [UInt8]) {
        for byte in text {
            line.append(byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
        }
    }

    private static func monotonicMicroseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1_000
    }
}
