import JSON
import TestSupport
import Testing

@testable import EffectBackends

/// What follows each kind of attempt, without sockets: the rules the live
/// tests exercise once each, here at their edges.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct AttemptDecisionTests {
    private let policy = RetryPolicy(initialDelay: 0.1, maxDelay: 2)

    private func decide(
        _ result: AttemptResult, attempts: Int = 1, lastFailure: String? = nil, secondsLeft: Double = 10, jitter: Double = 1
    ) -> AttemptDecision {
        result.decision(
            attempts: attempts, lastFailure: lastFailure, secondsLeft: secondsLeft, policy: policy, jitter: jitter, bodyLimit: 1024)
    }

    private func answer(_ status: Int, _ body: String = "", contentType: String? = nil, retryAfter: Double? = nil) -> AttemptResult {
        .answered(AttemptResponse(status: status, contentType: contentType, retryAfterSeconds: retryAfter, body: Array(body.utf8)))
    }

    // MARK: - Answers

    @Test func twoHundredsAreSuccessesWithTheirJSON() {
        #expect(decide(answer(200, #"{"a":[1,true]}"#)) == .finish(.success(status: 200, body: ["a": [1, true]])))
        #expect(decide(answer(201, " \"text\" ")) == .finish(.success(status: 201, body: "text")))
        #expect(decide(answer(204)) == .finish(.success(status: 204, body: .null)))
        #expect(decide(answer(200, "{oops")) == .finish(.success(status: 200, body: .null)))
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(decide(answer(200, deep)) == .finish(.success(status: 200, body: .null)))
        let cut = AttemptResult.answered(AttemptResponse(status: 200, body: [UInt8](repeating: 0x20, count: 1024), isBodyCut: true))
        #expect(decide(cut) == .finish(.unavailable(reason: "the backend answered 200 with a body over the limit of 1024 bytes")))
    }

    @Test func fourHundredsAreRejectionsButTimeoutsAndTooManyRequests() {
        for status in [400, 401, 402, 403, 404, 409, 413, 422, 451, 499] {
            #expect(decide(answer(status)) == .finish(.rejected(status: status, detail: nil)))
        }
        for status in [408, 429] {
            #expect(decide(answer(status)) == .retry(afterSeconds: 0.1, failure: "the backend answered \(status)"))
        }
    }

    @Test func redirectsAndStrangeStatusesEndTheCall() {
        for status in [300, 301, 302, 303, 304, 307, 308] {
            #expect(
                decide(answer(status))
                    == .finish(
                        .unavailable(reason: "the backend answered \(status), a redirect, and redirects are not followed: check its URL")))
        }
        for status in [100, 199, 600, 999] {
            #expect(
                decide(answer(status))
                    == .finish(.unavailable(reason: "the backend answered with status \(status), which is not an HTTP answer")))
        }
    }

    @Test func fiveHundredsAndTransientFailuresAreRetriedWhileTimeIsLeft() {
        for status in [500, 502, 503, 504, 599] {
            #expect(decide(answer(status), attempts: 3) == .retry(afterSeconds: 0.4, failure: "the backend answered \(status)"))
        }
        #expect(decide(.transientFailure("refused"), attempts: 1, jitter: 0) == .retry(afterSeconds: 0.05, failure: "refused"))
        #expect(
            decide(.transientFailure("no answer from the backend: refused"), attempts: 4, secondsLeft: 0.7)
                == .finish(.unavailable(reason: "no answer from the backend: refused (4 attempts, no time left for another)")))
        #expect(
            decide(answer(500), attempts: 1, secondsLeft: 0.05)
                == .finish(.unavailable(reason: "the backend answered 500 (1 attempt, no time left for another)")))
    }

    @Test func theDeadlineAndPermanentFailuresEndTheCall() {
        #expect(decide(.cutByDeadline) == .finish(.timedOut))
        #expect(decide(.cutByDeadline, attempts: 3) == .finish(.timedOut))
        // After a failure, the deadline only cut the retries short.
        #expect(
            decide(.cutByDeadline, attempts: 3, lastFailure: "the backend answered 502")
                == .finish(.unavailable(reason: "the backend answered 502 (3 attempts, then the timeout)")))
        #expect(AttemptDecision.deadlinePassed(attempts: 0, lastFailure: nil) == .timedOut)
        #expect(
            AttemptDecision.deadlinePassed(attempts: 1, lastFailure: "no answer from the backend: reset")
                == .unavailable(reason: "no answer from the backend: reset (1 attempt, then the timeout)"))
        #expect(decide(.permanentFailure("certificate not trusted")) == .finish(.unavailable(reason: "certificate not trusted")))
    }

    // MARK: - Retry-After

    @Test func retryAfterOn429And503IsKeptWhenItFits() {
        #expect(decide(answer(429, retryAfter: 3), secondsLeft: 5) == .retry(afterSeconds: 3, failure: "the backend answered 429"))
        #expect(decide(answer(503, retryAfter: 3), secondsLeft: 5) == .retry(afterSeconds: 3, failure: "the backend answered 503"))
        // Never shorter than the backoff.
        #expect(decide(answer(503, retryAfter: 0.01), attempts: 5) == .retry(afterSeconds: 1.6, failure: "the backend answered 503"))
        // Other statuses' Retry-After is not theirs to ask.
        #expect(decide(answer(500, retryAfter: 3), secondsLeft: 5) == .retry(afterSeconds: 0.1, failure: "the backend answered 500"))
        #expect(
            decide(answer(429, retryAfter: 5), secondsLeft: 5)
                == .finish(.unavailable(reason: "the backend answered 429 and asked to wait 5 s, past the timeout")))
        #expect(
            decide(answer(503, retryAfter: 2.5), secondsLeft: 1)
                == .finish(.unavailable(reason: "the backend answered 503 and asked to wait 2.5 s, past the timeout")))
    }

    // MARK: - Backoff

    @Test func theBackoffDoublesUpToItsCapWithJitterInItsUpperHalf() {
        let expected: [Double] = [0.1, 0.2, 0.4, 0.8, 1.6, 2, 2, 2]
        for (index, delay) in expected.enumerated() {
            #expect(policy.delay(afterAttempts: index + 1, jitter: 1) == delay)
            #expect(policy.delay(afterAttempts: index + 1, jitter: 0) == delay / 2)
        }
        #expect(policy.delay(afterAttempts: 10_000, jitter: 1) == 2)
        #expect(policy.delay(afterAttempts: 0, jitter: 1) == 0.1)
        #expect(policy.delay(afterAttempts: 1, jitter: 7) == 0.1)
        #expect(policy.delay(afterAttempts: 1, jitter: -1) == 0.05)
        #expect(RetryPolicy(initialDelay: -1, maxDelay: -5) == RetryPolicy(initialDelay: 0, maxDelay: 0))
        #expect(RetryPolicy(initialDelay: 3, maxDelay: 1).maxDelay == 3)
    }

    // MARK: - Rejection details

    @Test func theDetailComesFromAJSONBodyOrPlainText() {
        let problem = Array(#"{"title":"Payment Required","detail":"Your card was declined."}"#.utf8)
        #expect(RejectionDetail.detail(body: problem, contentType: "application/problem+json") == "Your card was declined.")
        #expect(RejectionDetail.detail(body: problem, contentType: "Application/JSON; charset=utf-8") == "Your card was declined.")
        #expect(RejectionDetail.detail(body: problem, contentType: "application/vnd.api+json") == "Your card was declined.")
        #expect(RejectionDetail.detail(body: problem, contentType: "text/html") == nil)
        #expect(RejectionDetail.detail(body: problem, contentType: nil) == nil)
        #expect(RejectionDetail.detail(body: Array(#"{"detail":42}"#.utf8), contentType: "application/json") == nil)
        #expect(RejectionDetail.detail(body: Array(#"["detail"]"#.utf8), contentType: "application/json") == nil)
        #expect(RejectionDetail.detail(body: Array("not json".utf8), contentType: "application/json") == nil)
        #expect(
            RejectionDetail.detail(body: Array("  Card\tdeclined\r\n\r\n  twice ".utf8), contentType: "text/plain") == "Card declined twice"
        )
        #expect(RejectionDetail.detail(body: Array(" \r\n\u{7}".utf8), contentType: "text/plain") == nil)
        #expect(RejectionDetail.detail(body: [], contentType: "text/plain") == nil)
    }

    @Test func theDetailIsOneLineOfBoundedLength() throws {
        let long = String(repeating: "é", count: 400)  // 800 bytes
        let detail = try #require(RejectionDetail.detail(body: Array(long.utf8), contentType: "text/plain"))
        #expect(detail.utf8.count <= RejectionDetail.maxBytes)
        #expect(detail == String(repeating: "é", count: 248) + "…")
        let exact = String(repeating: "a", count: RejectionDetail.maxBytes)
        #expect(RejectionDetail.detail(body: Array(exact.utf8), contentType: "text/plain") == exact)
        let spaced = String(repeating: "a", count: 496) + "     b c d e f"
        #expect(RejectionDetail.detail(body: Array(spaced.utf8), contentType: "text/plain") == String(repeating: "a", count: 496) + "…")
        let escaped = #"{"detail":"line one\nline two\u0000"}"#
        #expect(RejectionDetail.detail(body: Array(escaped.utf8), contentType: "application/json") == "line one line two")
        let invalidUTF8: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(RejectionDetail.detail(body: invalidUTF8, contentType: "text/plain") == "a\u{FFFD}b")
    }
}
