import EffectBackends
import Glibc
import TestSupport
import Testing

/// Many calls at once, the slot bound, and stopping: no thread per call,
/// every call completes exactly once.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct BackendClientLoadTests {
    @Test func manyCallsWaitingOnASlowBackendHoldNoThreadEach() throws {
        let calls = 300
        let backend = try TestBackend(always: .held(status: 200, body: Array(#"{"ok":true}"#.utf8)))
        let threadsBefore = ThreadCensus.count()
        let client = try BackendClient(maxConcurrent: calls, threadName: "many-calls")
        defer { client.shutdown() }
        do {
            let completions = Completions()
            for index in 0..<calls {
                client.perform(try testCall(backend.url, timeout: 120, key: "s.e\(index)"), completion: completions.callback(index))
            }
            // Every call is in flight at once: the backend holds them all.
            #expect(eventually { backend.unanswered == calls })
            let clientThreads = ThreadCensus.count(named: "many-calls")
            let threadsDuring = ThreadCensus.count()
            backend.release()
            let outcomes = completions.wait(for: calls)
            #expect(outcomes?.allSatisfy { $0 == .success(status: 200, body: ["ok": true]) } == true)
            #expect(completions.deliveryCount == calls)
            // One thread serves them all (a name resolver's thread would
            // carry the name too; loopback addresses need none). The whole
            // process may gain a few threads from tests running beside this
            // one, never one per call.
            #expect(clientThreads == 1)
            #expect(threadsDuring - threadsBefore < calls / 3, "\(threadsBefore) threads before, \(threadsDuring) during")
        }
        #expect(Set(backend.requests.map { $0.headers["idempotency-key"] }).count == calls)
    }

    @Test func callsOverTheSlotsWaitForOne() throws {
        let slots = 5
        let calls = 20
        let backend = try TestBackend(always: .held(status: 200, body: Array("1".utf8)))
        try withClient(maxConcurrent: slots) { client throws in
            #expect(client.maxConcurrent == slots)
            let completions = Completions()
            for index in 0..<calls {
                client.perform(try testCall(backend.url, timeout: 120), completion: completions.callback(index))
            }
            #expect(eventually { backend.unanswered == slots })
            // Time for any call over the bound to reach the backend.
            usleep(300_000)
            #expect(backend.requests.count == slots)
            backend.release()
            #expect(completions.wait(for: calls)?.allSatisfy { $0 == .success(status: 200, body: 1) } == true)
        }
        #expect(backend.mostUnanswered == slots)
        #expect(backend.requests.count == calls)
    }

    @Test func theSlotsAreAtLeastOne() throws {
        let client = try BackendClient(maxConcurrent: 0, threadName: "no-slots")
        defer { client.shutdown() }
        #expect(client.maxConcurrent == 1)
        #expect(try BackendClient().maxConcurrent == BackendClient.defaultMaxConcurrent)
    }

    @Test func aCallWaitingForASlotTimesOutWithinItsTimeout() throws {
        let backend = try TestBackend(always: .never)
        try withClient(maxConcurrent: 1) { client throws in
            let completions = Completions()
            client.perform(try testCall(backend.url, timeout: 120), completion: completions.callback(0))
            #expect(eventually { backend.unanswered == 1 })
            let waiting = Completions()
            client.perform(try testCall(backend.url, timeout: 0.5), completion: waiting.callback(0))
            #expect(waiting.wait(for: 1) == [.timedOut])
            #expect(backend.requests.count == 1)
            #expect(completions.deliveryCount == 0)
        }
    }

    // MARK: - Stopping

    @Test func shutdownEndsCallsInFlightAndWaitingAndLaterOnes() throws {
        let backend = try TestBackend(always: .never)
        let client = try BackendClient(maxConcurrent: 4, threadName: "stopping")
        let completions = Completions()
        for index in 0..<10 {
            client.perform(try testCall(backend.url, timeout: 120), completion: completions.callback(index))
        }
        #expect(eventually { backend.unanswered == 4 })
        client.shutdown()
        // shutdown returns after every completion ran.
        #expect(completions.deliveryCount == 10)
        let stopping = BackendOutcome.unavailable(reason: "the server is stopping")
        #expect(completions.wait(for: 10) == Array(repeating: stopping, count: 10))
        #expect(ThreadCensus.count(named: "stopping") == 0)

        let later = Completions()
        client.perform(try testCall(backend.url), completion: later.callback(0))
        #expect(later.deliveryCount == 1)
        #expect(later.wait(for: 1) == [stopping])
        #expect(later.threadName(of: 0) == ThreadCensus.currentThreadName())
        client.shutdown()
        #expect(backend.requests.count == 4)
    }

    @Test func aCompletionMayStartAnotherCallOrStopTheClient() throws {
        let backend = try TestBackend(always: .respond(status: 200, body: Array("2".utf8)))
        let client = try BackendClient(threadName: "stops-itself")
        let completions = Completions()
        let second = try testCall(backend.url, key: "s.e2")
        client.perform(try testCall(backend.url)) { first in
            completions.callback(0)(first)
            client.perform(second) { outcome in
                completions.callback(1)(outcome)
                client.shutdown()
            }
        }
        #expect(completions.wait(for: 2) == [.success(status: 200, body: 2), .success(status: 200, body: 2)])
        #expect(eventually { ThreadCensus.count(named: "stops-itself") == 0 })
        client.shutdown()
    }

    @Test func headerValuesThatCouldSmuggleHeadersAreRefused() throws {
        let backend = try TestBackend(always: .respond(status: 200))
        try withClient { client throws in
            for key in ["s1.e1\r\nX-Admin: yes", "", "with space", String(repeating: "k", count: 257)] {
                let reason = unavailableReason(outcome(of: try testCall(backend.url, key: key), on: client))
                #expect(reason.contains("Idempotency-Key"))
            }
            var call = try testCall(backend.url)
            call.requestID = "r\n1"
            #expect(
                outcome(of: call, on: client) == .unavailable(reason: "the call's X-Request-ID is not 1 to 256 visible ASCII characters"))
        }
        #expect(backend.requests.isEmpty)
    }
}
