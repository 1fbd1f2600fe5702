import EffectBackends
import Glibc
import TestSupport
import Testing

/// Retries: which failures are tried again, with what, and when the client
/// gives up. Backoffs are shortened (``withClient(maxConcurrent:maxResponseBytes:_:)``);
/// no test asserts an upper bound on time.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct BackendClientRetryTests {
    @Test func a5xxIsRetriedWithTheSameRequestUntilASuccess() throws {
        let backend = try TestBackend { request in
            switch request.number {
            case 1: .respond(status: 503)
            case 2: .respond(status: 500, headers: [("Content-Type", "text/plain")], body: Array("database down".utf8))
            default: .respond(status: 200, body: Array(#"{"ok":true}"#.utf8))
            }
        }
        try withClient { client throws in
            #expect(outcome(of: try testCall(backend.url, key: "5e55.e3"), on: client) == .success(status: 200, body: ["ok": true]))
        }
        let requests = backend.requests
        #expect(requests.map(\.number) == [1, 2, 3])
        #expect(requests.allSatisfy { $0.headers["idempotency-key"] == "5e55.e3" && $0.headers["x-request-id"] == "req-1" })
        #expect(Set(requests.map(\.body)).count == 1)
    }

    @Test func a408AndAConnectionClosedWithoutAnAnswerAreRetried() throws {
        let backend = try TestBackend { request in
            switch request.number {
            case 1: .respond(status: 408)
            case 2: .close
            default: .respond(status: 200, body: Array("true".utf8))
            }
        }
        try withClient { client throws in
            #expect(outcome(of: try testCall(backend.url), on: client) == .success(status: 200, body: true))
        }
        #expect(backend.requests.count == 3)
    }

    @Test func a5xxOnEveryAttemptIsUnavailableWithinTheTimeout() throws {
        let backend = try TestBackend(always: .respond(status: 502))
        try withClient { client throws in
            let reason = unavailableReason(outcome(of: try testCall(backend.url, timeout: 3), on: client))
            #expect(reason.hasPrefix("the backend answered 502 ("))
            #expect(reason.hasSuffix("attempts, no time left for another)") || reason.hasSuffix("attempts, then the timeout)"))
        }
        #expect(backend.requests.count >= 2)
    }

    @Test func aClosedPortIsUnavailableAfterRetriesWithinTheTimeout() throws {
        // Bound and not listening: connections are refused, and no other
        // process can take the port while the test holds it.
        let (socket, port) = try TestSockets.bound()
        defer { _ = Glibc.close(socket) }
        try withClient { client throws in
            let reason = unavailableReason(outcome(of: try testCall("http://127.0.0.1:\(port)/login", timeout: 3), on: client))
            #expect(reason.hasPrefix("no answer from the backend: "))
            // More than one attempt was made: "(N attempts, …)" with N ≥ 2.
            let attempts = reason.split(separator: "(").last.flatMap { Int($0.prefix(while: \.isNumber)) }
            #expect((attempts ?? 0) >= 2, "\(reason)")
        }
    }

    @Test func aBackendThatNeverAnswersTimesOut() throws {
        let backend = try TestBackend(always: .never)
        try withClient { client throws in
            #expect(outcome(of: try testCall(backend.url, timeout: 1), on: client) == .timedOut)
        }
        #expect(backend.requests.count == 1)
    }

    @Test func aTimeoutThatIsNotPositiveTimesOutAtOnce() throws {
        let backend = try TestBackend(always: .respond(status: 200))
        try withClient { client throws in
            for timeout in [0, -1, Double.nan] {
                #expect(outcome(of: try testCall(backend.url, timeout: timeout), on: client) == .timedOut)
            }
        }
        #expect(backend.requests.isEmpty)
    }

    // MARK: - Retry-After

    @Test func a429WaitsTheRetryAfterItAskedFor() throws {
        let backend = try TestBackend { request in
            request.number == 1 ? .respond(status: 429, headers: [("Retry-After", "1")]) : .respond(status: 200, body: Array("{}".utf8))
        }
        try withClient { client throws in
            #expect(outcome(of: try testCall(backend.url, timeout: 20), on: client) == .success(status: 200, body: [:]))
        }
        let requests = backend.requests
        #expect(requests.count == 2)
        // A lower bound only: the wait the backend asked for was kept.
        if requests.count == 2 {
            #expect(requests[1].receivedAt - requests[0].receivedAt >= 0.95)
        }
    }

    @Test func aRetryAfterPastTheTimeoutEndsTheCallAtOnce() throws {
        let backend = try TestBackend(always: .respond(status: 503, headers: [("Retry-After", "120")]))
        try withClient { client throws in
            let result = outcome(of: try testCall(backend.url, timeout: 5), on: client)
            #expect(result == .unavailable(reason: "the backend answered 503 and asked to wait 120 s, past the timeout"))
        }
        #expect(backend.requests.count == 1)
    }
}
