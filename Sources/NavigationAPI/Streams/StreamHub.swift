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

    /// Takes one of the `maxStreams` slots; false when none is free.
    func reserve() -> Bool {
        var current = reserved.load(ordering: .relaxed)
        while current < options.maxStreams {
            let (exchanged, original) = reserved.compareExchange(
                expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives back a slot taken by ``reserve()`` whose stream never opened.
    func release() {
        reserved.subtract(1, ordering: .relaxed)
    }

    /// Keeps `stream` alive with comments until it closes, then frees its slot.
    func add(_ stream: HTTPStream) {
        startKeepAliveIfNeeded()
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
    }

    /// `stream` closed: forget it, free its slot.
    func remove(_ stream: HTTPStream) {
        let removed = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) != nil }
        if removed { release() }
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
