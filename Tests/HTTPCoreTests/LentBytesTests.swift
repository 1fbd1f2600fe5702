import HTTPCore
import Platform
import Synchronization
import TestSupport
import Testing

/// Bytes a response or a stream sends without copying them
/// (``LendingBytes``): sent whole, and their owner let go once sent.
@Suite(.serialized, .timeLimit(.minutes(10)), .hangGuard) struct LentBytesTests {
    /// Bytes in memory of its own; counts the owners alive, so a test sees
    /// that the server let go of each one it held.
    private final class Lender: LendingBytes, @unchecked Sendable {
        static let alive = Atomic<Int>(0)
        private let storage: UnsafeMutableRawBufferPointer

        init(_ text: String) {
            let bytes = Array(text.utf8)
            storage = .allocate(byteCount: bytes.count, alignment: 1)
            storage.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: bytes.count))
            Self.alive.add(1, ordering: .relaxed)
        }

        deinit {
            storage.deallocate()
            Self.alive.subtract(1, ordering: .relaxed)
        }

        var lentBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(storage) }
    }

    /// Answers every request with a new ``Lender`` of `text`, or a stream
    /// of a lent chunk between two of its own for `/stream`.
    private struct LendingHandler: HTTPHandler {
        let text: String

        func handle(_ request: HTTPRequest) -> HTTPResponse {
            guard request.path == "/stream" else {
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], lending: Lender(text))
            }
            let stream = HTTPStream(capacityBytes: 1 << 20, overflowNotice: [], stopNotice: [])
            stream.send([.bytes(Array("<".utf8)), .lent(Lender(text)), .bytes(Array(">".utf8))])
            stream.close()
            return HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], stream: stream)
        }

        func response(for rejection: HTTPRequestRejection) -> HTTPResponse { HTTPResponse(status: 400) }
    }

    /// One test for both: the count of live owners is the process's.
    @Test func lentBytesAreSentWholeAndTheirOwnersLetGo() throws {
        let text = String(repeating: "lent bytes, not copied; ", count: 400)
        let before = Lender.alive.load(ordering: .relaxed)
        try withServer(handler: LendingHandler(text: text)) { server in
            let connection = try TestHTTPConnection(port: server.port)
            for _ in 0..<3 {
                let response = try connection.request("GET", "/document")
                #expect(response.status == 200)
                #expect(response.headers["Content-Length"] == String(text.utf8.count))
                #expect(String(decoding: response.body, as: UTF8.self) == text)
            }
            let streamed = try TestHTTPConnection(port: server.port).request("GET", "/stream", headers: [("Connection", "close")])
            #expect(ChunkedBody.data(streamed.body) == "<" + text + ">")
            try waitUntil("the server to let go of every lender") { Lender.alive.load(ordering: .relaxed) == before }
        }
    }

    /// Nothing lent is sent as an empty body.
    @Test func anEmptyLentBodyIsAnEmptyBody() throws {
        try withServer(handler: LendingHandler(text: "")) { server in
            let response = try TestHTTPConnection(port: server.port).request("GET", "/document")
            #expect(response.status == 200)
            #expect(response.headers["Content-Length"] == "0")
            #expect(response.body.isEmpty)
        }
    }

    /// A response's ``HTTPResponse/body`` read back is what it lends.
    @Test func aLentBodyReadsAsItsBytes() {
        let response = HTTPResponse(status: 200, lending: Lender("abc"))
        #expect(response.body == Array("abc".utf8))
    }
}
