import HTTPCore
import Sessions
import Synchronization

/// One client's live-update stream of one session: turns the feed's changes
/// into Server-Sent Events on an ``HTTPStream``.
///
/// Each change is `id: <version>`, `event: session`, `data: <document>`; the
/// document's bytes are the feed's, shared by every subscriber (only the
/// short `id:` line is made per stream). The end of the session is
/// `event: ended`, then the end of the response.
final class SessionEventStream: SessionSubscriber {
    let sessionID: String
    let stream: HTTPStream
    /// Versions at or below this were sent; the feed never repeats one, but
    /// the first document and a refresh may meet.
    private let sentVersion = Atomic<Int>(0)
    private let overflowReported = Atomic<Bool>(false)
    /// Called once if this client reads too slowly and its queue overflows.
    private let onOverflow: @Sendable () -> Void

    init(sessionID: String, queueBytes: Int, onOverflow: @escaping @Sendable () -> Void) {
        self.sessionID = sessionID
        self.onOverflow = onOverflow
        self.stream = HTTPStream(
            capacityBytes: queueBytes, overflowNotice: Self.overflowNotice, stopNotice: Self.stopNotice)
    }

    func receive(_ change: SessionChange) {
        switch change {
        case .changed(let snapshot):
            guard snapshot.version > sentVersion.load(ordering: .relaxed) else { return }
            sentVersion.store(snapshot.version, ordering: .relaxed)
            // The document is lent, not copied for each subscriber.
            let message: [HTTPStream.Chunk] = [
                .bytes(Array("id: \(snapshot.version)\nevent: session\ndata: ".utf8)),
                .lent(snapshot.sharedDocument),
                .bytes(Self.messageEnd),
            ]
            if !stream.send(message), stream.hasOverflowed, !overflowReported.exchange(true, ordering: .relaxed) {
                onOverflow()
            }
        case .ended(let id):
            stream.close(with: [Array("event: ended\ndata: {\"id\":\"\(id)\"}\n\n".utf8)])
        }
    }

    static let messageEnd: [UInt8] = Array("\n\n".utf8)
    static let keepAlive: [UInt8] = Array(": keep-alive\n\n".utf8)
    static let overflowNotice: [UInt8] = Array(
        ": closed: this client reads too slowly; reconnect with Last-Event-ID to resume\n\n".utf8)
    static let stopNotice: [UInt8] = Array(": closed: the server is stopping; reconnect with Last-Event-ID to resume\n\n".utf8)
}
