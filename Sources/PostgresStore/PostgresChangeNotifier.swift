import Foundation
import Platform

/// The sending side of ``PostgresStore/changesChannel``: appends hand their
/// `"<id> <version>"` here, and a thread of its own sends all that are
/// waiting in one transaction (`pg_notify` of each), then the next batch.
///
/// Why not inside the append's transaction: PostgreSQL takes one lock for
/// the whole cluster from a notifying transaction's commit until it ends,
/// so appends that notified committed one at a time, each waiting for its
/// own WAL flush, instead of sharing flushes (bench/README.md, "The
/// PostgreSQL store: measurements"). Batched apart, the appends commit together again and
/// the notifications cost one small transaction per batch.
///
/// Transactions are paced: one starts at most every ``gatheringSeconds``,
/// and the changes that arrive meanwhile go together in the next. A lone
/// change after a quiet moment goes at once. Unpaced, the thread was ready
/// again after each round trip and sent a transaction per four or five
/// appends under load, each with its own transaction id, commit and wake-up
/// of every listener; that cost a fifth of the POST events a second
/// (bench/README.md, "The notifier paced").
///
/// Best effort, as the feed is: a batch the database refused or did not
/// take is dropped (a consumer checks the session's version at the next
/// change or keep-alive anyway).
final class PostgresChangeNotifier: Sendable {
    private struct State {
        var pending: [String] = []
        var stopped = false
        var transactions = 0
    }

    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    /// The most changes one transaction notifies; more wait for the next.
    static let batchLimit = 1000
    /// The least time from the start of one notifying transaction to the
    /// start of the next: what a change may wait, at most, besides the
    /// transaction before it.
    static let gatheringSeconds = 0.005

    init(pool: PostgresConnectionPool) {
        Thread.detachNewThread { [state, wake] in
            let gathering = UInt64(Self.gatheringSeconds * 1e9)
            var lastStart: UInt64 = 0
            while true {
                wake.wait()
                let now = DispatchTime.now().uptimeNanoseconds
                if lastStart > 0, now - lastStart < gathering {
                    usleep(UInt32((gathering - (now - lastStart)) / 1000))
                }
                lastStart = DispatchTime.now().uptimeNanoseconds
                let (batch, more, stopped) = state.withLock { state in
                    let batch = Array(state.pending.prefix(Self.batchLimit))
                    state.pending.removeFirst(batch.count)
                    if !batch.isEmpty, !state.stopped { state.transactions += 1 }
                    return (batch, !state.pending.isEmpty, state.stopped)
                }
                if stopped { return }
                // Past the limit: the rest is the next batch, without waiting for another append.
                if more { wake.signal() }
                guard !batch.isEmpty else { continue }
                do throws(PostgresFailure) {
                    _ = try pool.withConnection { connection throws(PostgresFailure) in
                        try connection.execute(.notify, [.text(Self.arrayLiteral(batch))])
                    }
                } catch {
                    // The database went away: what was waiting is dropped, and
                    // a pause keeps a dead database from costing a loop.
                    state.withLock { $0.pending.removeAll() }
                    usleep(100_000)
                }
            }
        }
    }

    /// Queues the change of `sessionID` to `version` for the next batch.
    func send(_ sessionID: String, _ version: Int) {
        let first = state.withLock { state in
            state.pending.append("\(sessionID) \(version)")
            return state.pending.count == 1
        }
        // One wake-up per batch: the thread takes all that waits at once.
        if first { wake.signal() }
    }

    /// Notifying transactions started so far.
    var transactionCount: Int { state.withLock { $0.transactions } }

    /// Ends the thread; what waits is not sent.
    func stop() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    /// `{"<id> <version>",…}`: a `text[]` literal. Ids are hex digits and
    /// versions decimal ones, so nothing needs escaping inside the quotes.
    static func arrayLiteral(_ changes: [String]) -> String {
        "{" + changes.map { "\"\($0)\"" }.joined(separator: ",") + "}"
    }
}
