import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPCore

/// ``DeferredResponse``: an answer completed after the handler returned,
/// from any thread, while the connection waits suspended.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct DeferredResponseTests {
    /// A server with one worker thread and `count` clients, each waiting on
    /// its own connection for the deferred answer to a request for `path`.
    private struct WaitingClients {
        let handler = DeferringHandler()
        let server: HTTPServer
        let connections: [TestHTTPConnection]
        let deferred: [DeferredResponse]
        /// The outcomes of `deferred`, in the order they were decided.
        let outcomes = OutcomeLog()

        init(count: Int = 1, path: String = "/defer") throws {
            var configuration = HTTPServerConfiguration()
            configuration.port = 0
            configuration.threads = 1
            server = HTTPServer(configuration: configuration, handler: handler)
            try server.start()
            let port = server.port
            connections = try (0..<count).map { _ in try TestHTTPConnection(port: port) }
            for connection in connections {
                try connection.sendRequest("GET", path)
            }
            let handler = handler
            deferred = try (0..<count).map { try #require(handler.deferred($0)) }
            for response in deferred { outcomes.watch(response) }
            let server = server
            #expect(waitUntil { server.openDeferredResponseCount == count })
        }

        /// Stops the server on another thread; signalled when stopped.
        func stopInBackground(deadline: Double) -> DispatchSemaphore {
            let stopped = DispatchSemaphore(value: 0)
            let server = server
            Thread.detachNewThread {
                server.stop(deadline: deadline)
                stopped.signal()
            }
            return stopped
        }
    }

    private static func answer(_ status: Int, _ text: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Array(text.utf8))
    }

    @Test func anAnswerCompletedLaterOnAnotherThreadArrivesWhole() throws {
        let waiting = try WaitingClients()
        defer { waiting.server.stop() }
        let deferred = waiting.deferred[0]
        #expect(deferred.isWaiting)

        let accepted = Atomic<Bool>(false)
        Thread.detachNewThread {
            usleep(50_000)
            let answer = Self.answer(201, "done later", headers: ["X-Answer": "later", "X-Decorated": "answer"])
            accepted.store(deferred.complete(with: answer), ordering: .sequentiallyConsistent)
        }
        let response = try waiting.connections[0].readResponse()
        #expect(response.status == 201)
        #expect(response.bodyText == "done later")
        #expect(response.headers["X-Answer"] == "later")
        // The handler's header replaces the answer's of the same name.
        #expect(response.headers.values(for: "X-Decorated") == ["handler"])
        #expect(waitUntil { accepted.load(ordering: .sequentiallyConsistent) })
        #expect(waiting.outcomes.recorded == [201])
        #expect(!deferred.isWaiting)
        #expect(!deferred.complete(with: Self.answer(500, "too late")))
        let server = waiting.server
        #expect(waitUntil { server.openDeferredResponseCount == 0 && server.inFlightRequestCount == 0 })
    }

    @Test func anAnswerCompletedBeforeTheHandlerReturnedIsSentAtOnce() throws {
        let server = try WaitingClients(count: 0).server
        defer { server.stop() }
        let response = try TestHTTPConnection(port: server.port).request("GET", "/defer-now")
        #expect(response.status == 201)
        #expect(response.bodyText == "now")
        #expect(response.headers["X-Decorated"] == "handler")
        #expect(server.openDeferredResponseCount == 0)
    }

    /// libmicrohttpd keeps a connection alive only for an answer queued on
    /// the last access-handler call; a deferred one must be too, whether it
    /// waited or was completed before the handler returned.
    @Test func theConnectionStaysAliveForTheNextRequest() throws {
        let waiting = try WaitingClients()
        defer { waiting.server.stop() }
        let connection = waiting.connections[0]
        #expect(waiting.deferred[0].complete(with: Self.answer(200, "round 0")))
        for round in 1...3 {
            let response = try connection.readResponse()
            #expect(response.bodyText == "round \(round - 1)")
            #expect(response.headers["Connection"] == nil)

            let now = try connection.request("GET", "/defer-now")
            #expect(now.status == 201)
            #expect(now.bodyText == "now")
            #expect(now.headers["X-Decorated"] == "handler")
            #expect(try connection.request("GET", "/plain").bodyText == "plain")

            try connection.sendRequest("GET", "/defer/\(round)")
            let deferred = try #require(waiting.handler.deferred(round))
            let server = waiting.server
            #expect(waitUntil { server.openDeferredResponseCount == 1 })
            #expect(deferred.complete(with: Self.answer(200, "round \(round)")))
        }
        #expect(try connection.readResponse().bodyText == "round 3")
        #expect(!connection.isClosedByServer(waitingUpTo: 0.1))
    }

    /// A suspended connection is not watched; the completion looks at the
    /// socket, finds the client gone, sends nothing and frees everything.
    @Test func aClientThatLeftIsNotAnsweredAndHoldsNothing() throws {
        let waiting = try WaitingClients()
        defer { waiting.server.stop() }
        let deferred = waiting.deferred[0]
        waiting.connections[0].shutdownBothWays()

        #expect(waitUntil { !deferred.isWaiting })
        #expect(!deferred.complete(with: Self.answer(200, "nobody reads this")))
        #expect(waiting.outcomes.recorded == [-1])
        let server = waiting.server
        #expect(waitUntil { server.openDeferredResponseCount == 0 && server.inFlightRequestCount == 0 })
        #expect(try TestHTTPConnection(port: server.port).request("GET", "/plain").bodyText == "plain")
    }

    @Test func stopAnswersTheWaitingRequestsWithTheirStopResponse() throws {
        let waiting = try WaitingClients(count: 3)
        #expect(waiting.stopInBackground(deadline: 2).wait(timeout: .now() + 60) == .success)
        for connection in waiting.connections {
            let response = try connection.readResponse()
            #expect(response.status == 503)
            #expect(response.bodyText == "stopping")
            #expect(response.headers["Retry-After"] == "1")
            #expect(response.headers["X-Decorated"] == "handler")
            #expect(response.headers["Connection"]?.lowercased() == "close")
        }
        #expect(waiting.outcomes.recorded == [503, 503, 503])
        #expect(!waiting.deferred[0].complete(with: Self.answer(200, "late")))
        #expect(waiting.server.openDeferredResponseCount == 0)
    }

    /// libmicrohttpd aborts the process when stopped with a connection
    /// suspended: even without a deadline, every waiting one is resumed
    /// first, its client getting the stop response or a closed connection.
    @Test func stopWithoutADeadlineEndsTheWaitingRequests() throws {
        let waiting = try WaitingClients(count: 3)
        waiting.server.stop(deadline: 0)
        for connection in waiting.connections {
            do {
                #expect(try connection.readResponse().status == 503)
            } catch {
                #expect(connection.isClosedByServer())
            }
        }
        #expect(waiting.server.openDeferredResponseCount == 0)
        #expect(waiting.deferred.allSatisfy { !$0.isWaiting })
    }

    /// Owners may still complete while the server drains: their answer,
    /// not the stop response, is sent.
    @Test func anAnswerCompletedWhileTheServerStopsIsSent() throws {
        let waiting = try WaitingClients()
        let stopped = waiting.stopInBackground(deadline: 60)
        // Draining once answers carry `Connection: close`.
        let port = waiting.server.port
        #expect(
            waitUntil {
                let probe = try? TestHTTPConnection(port: port).request("GET", "/plain")
                return probe?.headers["Connection"]?.lowercased() == "close"
            })
        #expect(waiting.deferred[0].complete(with: Self.answer(200, "in time")))
        let response = try waiting.connections[0].readResponse()
        #expect(response.status == 200)
        #expect(response.bodyText == "in time")
        #expect(response.headers["Connection"]?.lowercased() == "close")
        #expect(stopped.wait(timeout: .now() + 60) == .success)
    }

    /// Once a stopping server has answered the open ones, a response
    /// deferred later is answered with its stop response at once.
    @Test func aResponseDeferredAfterTheStopIsAnsweredAtOnce() {
        let open = OpenDeferredResponses()
        let before = DeferredResponse(serverStopResponse: DeferringHandler.stopResponse)
        let outcomes = OutcomeLog()
        outcomes.watch(before)
        #expect(open.insert(before))
        #expect(open.count == 1)
        open.stopAll()
        #expect(outcomes.recorded == [503])
        #expect(!before.isWaiting)
        #expect(!open.insert(DeferredResponse()))
    }

    @Test func aStreamCannotBeSentLaterAndBecomesA500() throws {
        let waiting = try WaitingClients()
        defer { waiting.server.stop() }
        #expect(waiting.deferred[0].complete(with: HTTPResponse(status: 200, stream: HTTPStream(capacityBytes: 16))))
        let response = try waiting.connections[0].readResponse()
        #expect(response.status == 500)
        #expect(response.body.isEmpty)
        #expect(waiting.outcomes.recorded == [500])
    }

    @Test func aDeferredResponseAnswersOneRequestOnly() throws {
        let waiting = try WaitingClients()
        defer { waiting.server.stop() }
        let deferred = waiting.deferred[0]
        #expect(try TestHTTPConnection(port: waiting.server.port).request("GET", "/twice").status == 500)
        #expect(deferred.isWaiting)
        #expect(waiting.server.openDeferredResponseCount == 1)
        #expect(deferred.complete(with: Self.answer(200, "first")))
        #expect(try waiting.connections[0].readResponse().bodyText == "first")
    }

    /// From the head, a request without a body can wait; one with a body
    /// is answered at once (its body is never read), so it cannot.
    @Test func anEarlyAnswerWaitsOnlyForARequestWithoutABody() throws {
        let waiting = try WaitingClients(path: "/early")
        defer { waiting.server.stop() }
        #expect(waiting.deferred[0].complete(with: Self.answer(202, "early")))
        #expect(try waiting.connections[0].readResponse().bodyText == "early")

        let withBody = try TestHTTPConnection(port: waiting.server.port)
        let response = try withBody.request("POST", "/early", body: Array("payload".utf8))
        let cannotWait = try #require(waiting.handler.deferred(1))
        let outcomes = OutcomeLog()
        outcomes.watch(cannotWait)
        #expect(response.status == 500)
        #expect(response.headers["X-Decorated"] == "handler")
        #expect(outcomes.recorded == [500])
        #expect(!cannotWait.isWaiting)
        #expect(waiting.server.openDeferredResponseCount == 0)
    }
}
