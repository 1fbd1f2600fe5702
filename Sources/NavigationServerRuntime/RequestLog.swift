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
        Self.appendPrintable(method, upTo: 16, to: &line)
        line.append(UInt8(ascii: " "))
        Self.appendPrintable(path, upTo: Self.maxPathBytes, to: &line)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: String(status).utf8)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: String(microseconds).utf8)
        line.append(contentsOf: "us\n".utf8)
        StandardStream.error.write(line)
    }

    /// Copies the first `limit` bytes of `text`, replacing control bytes so a
    /// client cannot forge log lines. Takes the `String` itself rather than a
    /// generic sequence of bytes: a `prefix` of `utf8` iterated through a
    /// generic cost more than the rest of a GET request (callgrind, `make bench`).
    private static func appendPrintable(_ text: String, upTo limit: Int, to line: inout [UInt8]) {
        var remaining = limit
        for byte in text.utf8 {
            guard remaining > 0 else { return }
            remaining -= 1
            line.append(byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
        }
    }

    private static func monotonicMicroseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000 + now.tv_nsec / 1_000
    }
}
