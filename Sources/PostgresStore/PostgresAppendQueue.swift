import Foundation
import Platform

/// Where concurrent appends meet: at most ``pipelineLimit`` pipelines are
/// in flight at once, and the appends that arrive meanwhile wait, then go
/// to the database together, in one pipeline of one transaction
/// (``PostgresConnection/executeInOneTransaction(_:_:)``).
///
/// Each append's own condition is unchanged (`navigation_append` checks its
/// version), so batching changes what a round trip, a commit and a WAL
/// flush carry, not what is stored: a pipeline commits all of its appends
/// or none. It is led by a thread whose append is in it (the first to
/// wait), which hands the next batch to the first append waiting for it:
/// no thread of its own, and a lone append goes at once, by itself.
///
/// Appends of one pipeline are sent in the order of their session ids, so
/// two instances' pipelines take the sessions' rows in one order and never
/// deadlock. An append waits for a pipeline at most the command timeout,
/// and is refused if none took it by then (nothing was sent); once taken,
/// its pipeline answers within the command timeout too.
final class PostgresAppendQueue: Sendable {
    /// One append: its parameters, and what became of it, guarded by the
    /// queue's lock.
    private final class Waiter: @unchecked Sendable {
        let sessionID: String
        let parameters: [PostgresValue]
        let bytes: Int
        var outcome: Outcome = .waiting
        let wake = DispatchSemaphore(value: 0)

        init(sessionID: String, parameters: [PostgresValue], bytes: Int) {
            self.sessionID = sessionID
            self.parameters = parameters
            self.bytes = bytes
        }
    }

    private enum Outcome {
        case waiting
        /// This append's thread sends these (its own first).
        case lead([Waiter])
        case answered(Result<Int64, PostgresFailure>)
    }

    private struct State {
        var waiting: [Waiter] = []
        var pipelines = 0
    }

    /// Pipelines in flight at once: the rest wait, and go together.
    static let pipelineLimit = 2
    /// The most appends one pipeline carries, and the most bytes of
    /// records (one larger record goes alone).
    static let batchLimit = 64
    static let batchBytesLimit = 1 << 20

    private let pool: PostgresConnectionPool
    private let state = Locked(State())

    init(pool: PostgresConnectionPool) {
        self.pool = pool
    }

    /// How many appends wait for a pipeline now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Sends the conditional append of `parameters` (``PostgresStatement/append``'s)
    /// with whatever appends wait beside it, and returns its answer:
    /// `navigation_append`'s integer.
    func append(sessionID: String, parameters: [PostgresValue], bytes: Int) throws(PostgresFailure) -> Int64 {
        let waiter = Waiter(sessionID: sessionID, parameters: parameters, bytes: bytes)
        let leads = state.withLock { state in
            guard state.pipelines < Self.pipelineLimit else {
                state.waiting.append(waiter)
                return false
            }
            state.pipelines += 1
            return true
        }
        if leads {
            lead([waiter])
        } else if case .lead(let batch) = try turn(of: waiter) {
            lead(batch)
        }
        guard case .answered(let answer) = state.withLock({ _ in waiter.outcome }) else {
            throw PostgresFailure("the append was not answered")
        }
        return try answer.get()
    }

    /// Waits until `waiter` is answered or has a batch to lead; refused
    /// when no pipeline took it within the command timeout.
    private func turn(of waiter: Waiter) throws(PostgresFailure) -> Outcome {
        if waiter.wake.wait(timeout: .now() + pool.commandTimeout) == .timedOut {
            let withdrawn = state.withLock { state in
                guard let index = state.waiting.firstIndex(where: { $0 === waiter }) else { return false }
                state.waiting.remove(at: index)
                return true
            }
            if withdrawn {
                throw PostgresFailure("no connection to PostgreSQL was free within \(pool.commandTimeout) s; nothing was sent")
            }
            // Taken meanwhile: the answer, or the lead, is on its way.
            waiter.wake.wait()
        }
        return state.withLock { _ in waiter.outcome }
    }

    /// Sends `batch`, answers each of its appends, and hands the next
    /// batch of those waiting to the first of them (or ends this pipeline).
    private func lead(_ batch: [Waiter]) {
        let answers = send(batch)
        let next = state.withLock { state -> [Waiter] in
            for (waiter, answer) in zip(batch, answers) { waiter.outcome = .answered(answer) }
            let next = Self.nextBatch(of: &state.waiting)
            if let first = next.first {
                first.outcome = .lead(next)
            } else {
                state.pipelines -= 1
            }
            return next
        }
        // The first is this thread's own append.
        for waiter in batch.dropFirst() { waiter.wake.signal() }
        next.first?.wake.signal()
    }

    /// The appends that wait, from the first, up to the batch's limits.
    private static func nextBatch(of waiting: inout [Waiter]) -> [Waiter] {
        var count = 0
        var bytes = 0
        while count < waiting.count, count < batchLimit, count == 0 || bytes + waiting[count].bytes <= batchBytesLimit {
            bytes += waiting[count].bytes
            count += 1
        }
        defer { waiting.removeFirst(count) }
        return Array(waiting.prefix(count))
    }

    /// `batch`'s answers, in its order: alone, one statement; else one
    /// pipeline, in the order of the session ids.
    private func send(_ batch: [Waiter]) -> [Result<Int64, PostgresFailure>] {
        let order = batch.indices.sorted { (batch[$0].sessionID, $0) < (batch[$1].sessionID, $1) }
        let rows: [PostgresRows]
        do throws(PostgresFailure) {
            rows = try pool.withConnection { connection throws(PostgresFailure) in
                if batch.count == 1 { return [try connection.execute(.append, batch[0].parameters)] }
                return try connection.executeInOneTransaction(.append, order.map { batch[$0].parameters })
            }
        } catch {
            return batch.map { _ in .failure(error) }
        }
        var answers = [Result<Int64, PostgresFailure>](repeating: .failure(PostgresFailure("")), count: batch.count)
        for (position, index) in order.enumerated() {
            let answer = rows[position].isEmpty ? nil : rows[position].integer(0, 0)
            answers[index] = answer.map { .success($0) } ?? .failure(PostgresFailure("PostgreSQL answered the append with no version"))
        }
        return answers
    }
}
