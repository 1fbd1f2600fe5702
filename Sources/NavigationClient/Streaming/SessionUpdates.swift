import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The live documents of one session, from `GET /v1/sessions/{id}/stream`.
///
/// Iterate it once. It reports every document the stream sends, in version
/// order. When the stream drops, it reconnects after a growing delay and
/// resumes with `Last-Event-ID`, so the server sends only what changed
/// meanwhile (the current document), never a version already reported.
/// While the server refuses streams (429, 503) it polls the session
/// instead, and tries the stream again after `Retry-After`. It finishes
/// after ``SessionUpdate/ended`` or ``SessionUpdate/failed(_:)``, or when
/// the iterating task is cancelled.
public struct SessionUpdates: AsyncSequence, Sendable {
    public typealias Element = SessionUpdate

    private let updates: AsyncStream<SessionUpdate>
    private let control = ConnectionControl()
    private let task: Task<Void, Never>

    init(client: NavigationClient, sessionID: String, after version: Int?) {
        let (updates, continuation) = AsyncStream.makeStream(of: SessionUpdate.self)
        let control = control
        let task = Task {
            var loop = UpdateLoop(client: client, sessionID: sessionID, after: version, control: control, continuation: continuation)
            await loop.run()
            continuation.finish()
        }
        continuation.onTermination = { _ in
            task.cancel()
            control.close()
        }
        self.updates = updates
        self.task = task
    }

    public func makeAsyncIterator() -> AsyncStream<SessionUpdate>.Iterator {
        updates.makeAsyncIterator()
    }

    /// Closes the open stream and opens a new one at once, resuming from the last version
    /// (when the app learns that the network changed, say).
    public func reconnect() {
        control.reconnect()
    }

    /// Stops following: the open stream is closed and the sequence finishes.
    public func cancel() {
        task.cancel()
        control.close()
    }
}

/// The loop behind ``SessionUpdates``: stream, reconnect, or poll, until the session ends.
private struct UpdateLoop {
    let client: NavigationClient
    let sessionID: String
    let control: ConnectionControl
    let continuation: AsyncStream<SessionUpdate>.Continuation
    /// The `id` of the last message: the version the caller has.
    var lastEventID: String
    var backoff: Backoff

    init(
        client: NavigationClient, sessionID: String, after version: Int?, control: ConnectionControl,
        continuation: AsyncStream<SessionUpdate>.Continuation
    ) {
        self.client = client
        self.sessionID = sessionID
        self.control = control
        self.continuation = continuation
        lastEventID = version.map(String.init) ?? ""
        backoff = Backoff(
            initial: client.configuration.initialReconnectDelay, maximum: client.configuration.maximumReconnectDelay)
    }

    private enum Outcome {
        /// The stream closed or failed; `delivered` says whether it sent a document first.
        case dropped(delivered: Bool)
        /// The server refuses streams now; `retryAfter` seconds, when it said.
        case refused(retryAfter: Int?)
        case finished
    }

    mutating func run() async {
        while !Task.isCancelled {
            switch await streamOnce() {
            case .finished:
                return
            case .refused(let retryAfter):
                continuation.yield(.connection(.polling))
                guard await poll(for: Double(retryAfter ?? 0)) else { return }
            case .dropped(let delivered):
                if delivered { backoff.reset() }
                if control.takeSkipsDelay() { continue }
                let delay = backoff.next()
                continuation.yield(.connection(.reconnecting(after: delay)))
                guard await pause(delay) else { return }
            }
        }
    }

    private mutating func streamOnce() async -> Outcome {
        let path = NavigationClient.path(sessionID) + "/stream"
        guard var request = try? client.request("GET", path, headers: ["Accept": "text/event-stream"]) else {
            continuation.yield(.failed(.transport("'\(client.baseURL)' does not make a URL")))
            return .finished
        }
        if !lastEventID.isEmpty { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
        let connection = StreamConnection(request: request, idleTimeout: client.configuration.streamIdleTimeout)
        control.opened(connection)
        defer { control.opened(nil) }
        var parser = ServerSentEventParser(maximumLineBytes: client.configuration.maximumEventBytes, lastEventID: lastEventID)
        var answer: HTTPURLResponse?
        var refusal = Data()
        var delivered = false
        // After `ended` the server closes the stream: it is read to its end,
        // not cancelled (see ``StreamConnection``), and nothing after is read.
        var ended = false
        for await piece in connection.pieces where !ended {
            switch piece {
            case .response(let response):
                answer = response
                if response.statusCode == 200 { continuation.yield(.connection(.streaming)) }
            case .data(let data) where answer?.statusCode != 200:
                refusal.append(data.prefix(max(0, 65_536 - refusal.count)))
            case .data(let data):
                guard let events = try? parser.feed(data) else {
                    connection.close()
                    return .dropped(delivered: delivered)
                }
                if let delay = parser.reconnectionDelay { backoff.initial = Double(delay) / 1000 }
                lastEventID = parser.lastEventID
                for event in events where !ended {
                    switch event.event {
                    case "session":
                        do {
                            continuation.yield(.document(try SessionDocument(json: Array(event.data.utf8))))
                            delivered = true
                        } catch {
                            continuation.yield(.failed(.invalidResponse(status: 200, reason: "a stream document: \(error)")))
                            return .finished
                        }
                    case "ended":
                        continuation.yield(.ended)
                        ended = true
                    default:
                        continue
                    }
                }
            case .completed:
                break
            }
        }
        guard !Task.isCancelled, !ended else { return .finished }
        guard let answer, answer.statusCode != 200 else { return .dropped(delivered: delivered) }
        let refused = HTTPAnswer(response: answer, body: refusal)
        if refused.status == 429 || refused.status == 503 { return .refused(retryAfter: refused.retryAfter) }
        continuation.yield(.failed(refused.error ?? .invalidResponse(status: refused.status, reason: "not a stream")))
        return .finished
    }

    /// Fetches the session every poll interval for at least `seconds`; false when the updates must stop.
    private mutating func poll(for seconds: Double) async -> Bool {
        let interval = client.configuration.pollInterval
        let deadline = ContinuousClock.now + .seconds(max(seconds, interval))
        repeat {
            do {
                if let document = try await client.session(sessionID, changedSince: Int(lastEventID) ?? 0) {
                    lastEventID = String(document.version)
                    continuation.yield(.document(document))
                }
            } catch .transport {
                // Offline for a moment: the next poll tries again.
            } catch .problem(let problem) where problem.status == 429 || problem.status == 503 {
                // Busy: the next poll tries again.
            } catch {
                continuation.yield(.failed(error))
                return false
            }
            guard await pause(interval) else { return false }
        } while ContinuousClock.now < deadline
        return true
    }

    /// Waits; false when the task was cancelled meanwhile.
    private func pause(_ seconds: Double) async -> Bool {
        do {
            try await Task.sleep(for: .seconds(seconds))
            return true
        } catch {
            return false
        }
    }
}
