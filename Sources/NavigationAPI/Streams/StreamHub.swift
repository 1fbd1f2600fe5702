import Dispatch
import HTTPCore
import Platform
import Synchronization

/// Every open live-update stream of the server: the `--max-streams` bound,
/// and the keep-alive comment sent to each on one timer (no thread per
/// stream).
final class StreamHub: Sendable {
    let options: StreamOptions
    /// Run after each round of keep-alives, on the timer's queue.
    private let afterKeepAlive: @Sendable () -> Void
    private let streams = Locked<[ObjectIdentifier: HTTPStream]>([:])
    /// Streams open or being opened per client (``ClientKey``); a client
    /// leaves the table with its last stream.
    private let perClient = Locked<[String: Int]>([:])
    /// Streams open or being opened; reserved before subscribing.
    private let reserved = Atomic<Int>(0)
    private let timer: Locked<(any DispatchSourceTimer)?> = Locked(nil)

    init(options: StreamOptions, afterKeepAlive: @escaping @Sendable () -> Void = {}) {
        self.options = options
        self.afterKeepAlive = afterKeepAlive
    }

    deinit {
        timer.withLock { $0?.cancel() }
    }

    /// Streams closed because their client read too slowly, since start.
    let overflowed = Atomic<Int>(0)

    /// Streams open now.
    var count: Int { reserved.load(ordering: .relaxed) }

    /// Why ``reserve(for:)`` found no slot.
    enum Refusal: Error {
        /// The server holds `maxStreams`.
        case serverFull
        /// This client holds `maxStreamsPerClient`.
        case clientFull
    }

    /// Takes one of the `maxStreams` slots and one of `client`'s.
    func reserve(for client: String) throws(Refusal) {
        var current = reserved.load(ordering: .relaxed)
        while true {
            guard current < options.maxStreams else { throw .serverFull }
            let (exchanged, original) = reserved.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { break }
            current = original
        }
        let admitted = perClient.withLock { counts in
            let held = counts[client, default: 0]
            guard held < options.maxStreamsPerClient else { return false }
            counts[client] = held + 1
            return true
        }
        guard admitted else {
            reserved.subtract(1, ordering: .relaxed)
            throw .clientFull
        }
    }

    /// Gives back the slots taken by ``reserve(for:)`` for a stream that
    /// never opened, or has closed.
    func release(for client: String) {
        reserved.subtract(1, ordering: .relaxed)
        releaseClientSlot(of: client)
    }

    private func releaseClientSlot(of client: String) {
        perClient.withLock { counts in
            guard let held = counts[client] else { return }
            counts[client] = held > 1 ? held - 1 : nil
        }
    }

    /// Keeps `stream` alive with comments until it closes, then frees its slot.
    func add(_ stream: HTTPStream) {
        startKeepAliveIfNeeded()
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
    }

    /// `stream` of `client` closed: forget it, free its slots.
    func remove(_ stream: HTTPStream, of client: String) {
        let removed = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) != nil }
        if removed { release(for: client) }
    }

    private func sendKeepAlive() {
        let open = streams.withLock { Array($0.values) }
        for stream in open { stream.send([SessionEventStream.keepAlive]) }
        if !open.isEmpty { afterKeepAlive() }
    }

    /// The timer starts with the first stream, so that an API that never
    /// streams (most tests) has none.
    private func startKeepAliveIfNeeded() {
        timer.withLock { timer in
            guard timer == nil else { return }
            let interval = max(options.keepAliveSeconds, 0.01)
            let source = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
            source.schedule(deadline: .now() + interval, repeating: interval)
            source.setEventHandler { [weak self] in self?.sendKeepAlive() }
            source.resume()
            timer = source
        }
    }
}
