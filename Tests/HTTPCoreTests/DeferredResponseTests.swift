import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPCore

/// ``DeferredResponse``: an answer completed after the handler returned,
/// from any thread, while the connection waits suspended.
@Suite struct DeferredResponseTests {
    private func start(_ handler: DeferringHandler) throws -> HTTPServer {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.threads = 1
        let server = HTTPServer(configuration: configuration, handler: handler)
        try server.start()
        return server
    }

    private static func answer(_ status: Int, _ text: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Array(text.utf8))
    }

    @Test func anAnswerCompletedLaterOnAnotherThreadArrivesWhole() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        defer { server.stop() }
        let connection = try TestHTTPConnection(port: server.port)
        try connection.sendRequest("GET", "/defer")
        let deferred = try #require(handler.deferred(0))
        let outcomes = OutcomeLog()
        outcomes.watch(deferred)
        #expect(waitUntil { server.openDeferredResponseCount == 1 })
        #expect(deferred.isWaiting)

        let accepted = Atomic<Bool>(false)
        let completer = Thread {
            usleep(50_000)
            let answer = Self.answer(201, "done later", headers: ["X-Answer": "later", "X-Decorated": "answer"])
            accepted.store(deferred.complete(with: answer), ordering: .sequentiallyConsistent)
        }
        completer.start()
        let response = try connection.readResponse()
        #expect(response.status == 201)
        #expect(response.bodyText == "done later")
        #expect(response.headers["X-Answer"] == "later")
        // The handler's header replaces the answer's of the same name.
        #expect(response.headers.values(for: "X-Decorated") == ["handler"])
        #expect(waitUntil { accepted.load(ordering: .sequentiallyConsistent) })
        #expect(outcomes.recorded == [201])
        #expect(!deferred.isWaiting)
        #expect(!deferred.complete(with: Self.answer(500, "too late")))
        #expect(waitUntil { server.openDeferredResponseCount == 0 && server.inFlightRequestCount == 0 })
    }

    @Test func anAnswerCompletedBeforeTheHandlerReturnedIsSentAtOnce() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        defer { server.stop() }
        let response = try TestHTTPConnection(port: server.port).request("GET", "/defer-now")
        #expect(response.status == 201)
        #expect(response.bodyText == "now")
        #expect(response.headers["X-Decorated"] == "handler")
        #expect(server.openDeferredResponseCount == 0)
    }

    /// libmicrohttpd keeps a connection alive only for an answer queued on
    /// the last access-handler call; a deferred one must be too.
    @Test func theConnectionStaysAliveForTheNextRequest() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        defer { server.stop() }
        let connection = try TestHTTPConnection(port: server.port)
        for round in 0..<3 {
            try connection.sendRequest("GET", "/defer/\(round)")
            let deferred = try #require(handler.deferred(round))
            #expect(waitUntil { server.openDeferredResponseCount == 1 })
            #expect(deferred.complete(with: Self.answer(200, "round \(round)")))
            let response = try connection.readResponse()
            #expect(response.bodyText == "round \(round)")
            #expect(response.headers["Connection"] == nil)

            #expect(try connection.request("GET", "/defer-now").bodyText == "now")
            #expect(try connection.request("GET", "/plain").bodyText == "plain")
        }
        #expect(!connection.isClosedByServer(waitingUpTo: 0.1))
    }

    /// A suspended connection is not watched; the completion looks at the
    /// socket, finds the client gone, sends nothing and frees everything.
    @Test func aClientThatLeftIsNotAnsweredAndHoldsNothing() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        defer { server.stop() }
        var connection: TestHTTPConnection? = try TestHTTPConnection(port: server.port)
        try connection?.sendRequest("GET", "/defer")
        let deferred = try #require(handler.deferred(0))
        let outcomes = OutcomeLog()
        outcomes.watch(deferred)
        #expect(waitUntil { server.openDeferredResponseCount == 1 })
        connection = nil  // closes the socket

        #expect(waitUntil { !deferred.isWaiting })
        #expect(!deferred.complete(with: Self.answer(200, "nobody reads this")))
        #expect(outcomes.recorded == [-1])
        #expect(waitUntil { server.openDeferredResponseCount == 0 && server.inFlightRequestCount == 0 })
        #expect(try TestHTTPConnection(port: server.port).request("GET", "/plain").bodyText == "plain")
    }

    @Test func stopAnswersTheWaitingRequestsWithTheirStopResponse() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        let connections = try (0..<3).map { _ in try TestHTTPConnection(port: server.port) }
        for connection in connections {
            try connection.sendRequest("GET", "/defer")
        }
        #expect(waitUntil { server.openDeferredResponseCount == 3 })
        let outcomes = OutcomeLog()
        for index in 0..<3 { outcomes.watch(try #require(handler.deferred(index))) }

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop(deadline: 2)
            stopped.signal()
        }
        #expect(stopped.wait(timeout: .now() + 60) == .success)
        for connection in connections {
            let response = try connection.readResponse()
            #expect(response.status == 503)
            #expect(response.bodyText == "stopping")
            #expect(response.headers["Retry-After"] == "1")
            #expect(response.headers["X-Decorated"] == "handler")
            #expect(response.headers["Connection"]?.lowercased() == "close")
        }
        #expect(outcomes.recorded == [503, 503, 503])
        #expect(!(try #require(handler.deferred(0))).complete(with: Self.answer(200, "late")))
        #expect(server.openDeferredResponseCount == 0)
    }

    /// libmicrohttpd aborts the process when stopped with a connection
    /// suspended: even without a deadline, every waiting one is resumed
    /// first, its client getting the stop response or a closed connection.
    @Test func stopWithoutADeadlineEndsTheWaitingRequests() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        let connections = try (0..<3).map { _ in try TestHTTPConnection(port: server.port) }
        for connection in connections {
            try connection.sendRequest("GET", "/defer")
        }
        #expect(waitUntil { server.openDeferredResponseCount == 3 })
        server.stop(deadline: 0)
        for connection in connections {
            do {
                #expect(try connection.readResponse().status == 503)
            } catch {
                #expect(connection.isClosedByServer())
            }
        }
        #expect(server.openDeferredResponseCount == 0)
        #expect(try !(#require(handler.deferred(2))).isWaiting)
    }

    /// Owners may still complete while the server drains: their answer,
    /// not the stop response, is sent.
    @Test func anAnswerCompletedWhileTheServerStopsIsSent() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        let waiting = try TestHTTPConnection(port: server.port)
        try waiting.sendRequest("GET", "/defer")
        let deferred = try #require(handler.deferred(0))
        #expect(waitUntil { server.openDeferredResponseCount == 1 })

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop(deadline: 60)
            stopped.signal()
        }
        // Draining once answers carry `Connection: close`.
        #expect(
            waitUntil {
                let probe = try? TestHTTPConnection(port: server.port).request("GET", "/plain")
                return probe?.headers["Connection"]?.lowercased() == "close"
            })
        #expect(deferred.complete(with: Self.answer(200, "in time")))
        let response = try waiting.readResponse()
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
        let handler = DeferringHandler()
        let server = try start(handler)
        defer { server.stop() }
        let connection = try TestHTTPConnection(port: server.port)
        try connection.sendRequest("GET", "/defer")
        let deferred = try #require(handler.deferred(0))
        let outcomes = OutcomeLog()
        outcomes.watch(deferred)
        #expect(waitUntil { server.openDeferredResponseCount == 1 })
        #expect(deferred.complete(with: HTTPResponse(status: 200, stream: HTTPStream(capacityBytes: 16))))
        let response = try connection.readResponse()
        #expect(response.status == 500)
        #expect(response.body.isEmpty)
        #expect(outcomes.recorded == [500])
    }

    @Test func aDeferredResponseAnswersOneRequestOnly() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        defer { server.stop() }
        let first = try TestHTTPConnection(port: server.port)
        try first.sendRequest("GET", "/defer")
        let deferred = try #require(handler.deferred(0))
        #expect(try TestHTTPConnection(port: server.port).request("GET", "/twice").status == 500)
        #expect(deferred.isWaiting)
        #expect(server.openDeferredResponseCount == 1)
        #expect(deferred.complete(with: Self.answer(200, "first")))
        #expect(try first.readResponse().bodyText == "first")
    }

    /// From the head, a request without a body can wait; one with a body
    /// is answered at once (its body is never read), so it cannot.
    @Test func anEarlyAnswerWaitsOnlyForARequestWithoutABody() throws {
        let handler = DeferringHandler()
        let server = try start(handler)
        defer { server.stop() }
        let bodiless = try TestHTTPConnection(port: server.port)
        try bodiless.sendRequest("GET", "/early")
        let waiting = try #require(handler.deferred(0))
        #expect(waitUntil { server.openDeferredResponseCount == 1 })
        #expect(waiting.complete(with: Self.answer(202, "early")))
        #expect(try bodiless.readResponse().bodyText == "early")

        let withBody = try TestHTTPConnection(port: server.port)
        let response = try withBody.request("POST", "/early", body: Array("payload".utf8))
        let cannotWait = try #require(handler.deferred(1))
        let outcomes = OutcomeLog()
        outcomes.watch(cannotWait)
        #expect(response.status == 500)
        #expect(response.headers["X-Decorated"] == "handler")
        #expect(outcomes.recorded == [500])
        #expect(!cannotWait.isWaiting)
        #expect(server.openDeferredResponseCount == 0)
    }
}
