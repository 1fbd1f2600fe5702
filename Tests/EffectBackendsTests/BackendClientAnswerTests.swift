import EffectBackends
import JSON
import TestSupport
import Testing

/// What each kind of answer becomes, against real backends on loopback.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct BackendClientAnswerTests {
    // MARK: - 2xx

    @Test func aJSONAnswerIsASuccessWithItsBody() throws {
        let backend = try TestBackend(
            always: .respond(status: 200, headers: [("Content-Type", "application/json")], body: Array(#"{"user":{"name":"Ada"}}"#.utf8)))
        try withClient { client throws in
            let completions = Completions()
            client.perform(try testCall(backend.url, key: "0123abcd.e7"), completion: completions.callback(0))
            let outcomes = completions.wait(for: 1)
            #expect(outcomes == [.success(status: 200, body: ["user": ["name": "Ada"]])])
            #expect(completions.threadName(of: 0) == "backend-client")
        }
        let request = try #require(backend.requests.first)
        #expect(backend.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.target == "/effects/run")
        #expect(request.body == Array(#"{"username":"ada","password":"hunter2"}"#.utf8))
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["idempotency-key"] == "0123abcd.e7")
        #expect(request.headers["x-request-id"] == "req-1")
        #expect(request.headers["user-agent"] == "navigation-server")
        #expect(request.headers["expect"] == nil)
    }

    @Test func anEmptyOrNonJSONAnswerIsASuccessWithNull() throws {
        let empty = try TestBackend(always: .respond(status: 204))
        let text = try TestBackend(always: .respond(status: 200, headers: [("Content-Type", "text/plain")], body: Array("OK, done".utf8)))
        let html = try TestBackend(
            always: .respond(status: 201, headers: [("Content-Type", "application/json")], body: Array("<html>".utf8)))
        try withClient { client throws in
            #expect(outcome(of: try testCall(empty.url), on: client) == .success(status: 204, body: .null))
            #expect(outcome(of: try testCall(text.url), on: client) == .success(status: 200, body: .null))
            #expect(outcome(of: try testCall(html.url), on: client) == .success(status: 201, body: .null))
        }
        // A yes is never asked again.
        #expect([empty, text, html].map(\.requests.count) == [1, 1, 1])
    }

    @Test func anEmptyRequestBodyIsSent() throws {
        let backend = try TestBackend(always: .respond(status: 200, body: Array("[]".utf8)))
        try withClient { client throws in
            var call = try testCall(backend.url)
            call.body = []
            #expect(outcome(of: call, on: client) == .success(status: 200, body: []))
        }
        #expect(backend.requests.first?.body == [])
        #expect(backend.requests.first?.headers["content-length"] == "0")
    }

    // MARK: - 4xx

    @Test func a401KeepsTheProblemDetailAndIsNotRetried() throws {
        let problem = #"{"type":"about:blank","title":"Unauthorized","status":401,"detail":"Wrong username or password."}"#
        let backend = try TestBackend(
            always: .respond(status: 401, headers: [("Content-Type", "application/problem+json")], body: Array(problem.utf8)))
        try withClient { client throws in
            #expect(outcome(of: try testCall(backend.url), on: client) == .rejected(status: 401, detail: "Wrong username or password."))
        }
        #expect(backend.requests.count == 1)
    }

    @Test func a402KeepsAPlainTextReason() throws {
        let backend = try TestBackend(
            always: .respond(status: 402, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array("Card declined\r\n".utf8)))
        try withClient { client throws in
            #expect(outcome(of: try testCall(backend.url), on: client) == .rejected(status: 402, detail: "Card declined"))
        }
        #expect(backend.requests.count == 1)
    }

    @Test func a4xxWithoutAUsableBodyHasNoDetail() throws {
        let bare = try TestBackend(always: .respond(status: 404))
        let html = try TestBackend(always: .respond(status: 403, headers: [("Content-Type", "text/html")], body: Array("<b>no</b>".utf8)))
        let detailless = try TestBackend(
            always: .respond(status: 422, headers: [("Content-Type", "application/json")], body: Array(#"{"title":"Invalid"}"#.utf8)))
        try withClient { client throws in
            #expect(outcome(of: try testCall(bare.url), on: client) == .rejected(status: 404, detail: nil))
            #expect(outcome(of: try testCall(html.url), on: client) == .rejected(status: 403, detail: nil))
            #expect(outcome(of: try testCall(detailless.url), on: client) == .rejected(status: 422, detail: nil))
        }
    }

    // MARK: - Neither yes nor no

    @Test func aRedirectIsNotFollowedAndNotRetried() throws {
        let target = try TestBackend(always: .respond(status: 200))
        let backend = try TestBackend(always: .respond(status: 307, headers: [("Location", target.url)]))
        try withClient { client throws in
            let reason = unavailableReason(outcome(of: try testCall(backend.url), on: client))
            #expect(reason.contains("307") && reason.contains("redirect"))
        }
        #expect(backend.requests.count == 1)
        #expect(target.requests.isEmpty)
    }

    @Test func anAnswerThatIsNotHTTPIsUnavailableAtOnce() throws {
        let backend = try TestBackend(always: .raw(Array("SSH-2.0-OpenSSH_9.2\r\n\r\n".utf8)))
        try withClient { client throws in
            let reason = unavailableReason(outcome(of: try testCall(backend.url), on: client))
            // Not retried: libcurl refuses an answer without a status line.
            #expect(reason.hasPrefix("the request to the backend failed: "), "\(reason)")
        }
        #expect(backend.requests.count == 1)
    }

    @Test func anHTTPSBackendThatDoesNotSpeakTLSIsUnavailable() throws {
        let backend = try TestBackend(always: .respond(status: 200))
        try withClient { client throws in
            let reason = unavailableReason(outcome(of: try testCall("https://127.0.0.1:\(backend.port)/login", timeout: 3), on: client))
            #expect(reason.hasPrefix("no answer from the backend: "))
        }
        // The TLS handshake never became a request.
        #expect(backend.requests.isEmpty)
    }

    // MARK: - Limits

    @Test func a2xxBodyOverTheLimitIsUnavailable() throws {
        let limit = 64 * 1024
        let declared = try TestBackend(always: .respond(status: 200, body: [UInt8](repeating: 0x20, count: limit + 1)))
        let chunk = [UInt8](repeating: 0x20, count: 40_000)
        let chunked = try TestBackend(
            always: .raw(
                Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
                    + (0..<3).flatMap { _ in Array("9c40\r\n".utf8) + chunk + Array("\r\n".utf8) } + Array("0\r\n\r\n".utf8)))
        let atTheLimit = try TestBackend(always: .respond(status: 200, body: Array("[]".utf8) + [UInt8](repeating: 0x20, count: limit - 2)))
        try withClient(maxResponseBytes: limit) { client throws in
            for backend in [declared, chunked] {
                let reason = unavailableReason(outcome(of: try testCall(backend.url), on: client))
                #expect(reason.contains("over the limit of \(limit) bytes"))
            }
            #expect(outcome(of: try testCall(atTheLimit.url), on: client) == .success(status: 200, body: []))
        }
        #expect([declared, chunked].map(\.requests.count) == [1, 1])
    }

    @Test func a4xxBodyOverTheLimitIsStillRejected() throws {
        let backend = try TestBackend(
            always: .respond(status: 400, headers: [("Content-Type", "text/plain")], body: [UInt8](repeating: 0x61, count: 100_000)))
        try withClient(maxResponseBytes: 1024) { client throws in
            let result = outcome(of: try testCall(backend.url), on: client)
            guard case .rejected(400, let detail?) = result else {
                Issue.record("expected a rejection with a detail, got \(String(describing: result))")
                return
            }
            #expect(detail.utf8.count <= 500 && detail.hasSuffix("…"))
        }
    }
}
