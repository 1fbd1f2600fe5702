import CCurl
import Platform

/// The client's one thread: every call's attempts run here, on libcurl's
/// multi interface, however many are in flight. A waiting call costs a
/// socket and a little memory, never a thread.
///
/// Each turn takes new calls from the inbox, starts the attempts that are
/// due while fewer than `maxConcurrent` are in flight, ends calls whose
/// deadline passed while they waited, lets libcurl move its
/// transfers on, decides what follows each finished attempt, runs the
/// completions, and sleeps in `curl_multi_poll` until a socket, libcurl's
/// timer, the next backoff's end or deadline, or a new call wakes it.
///
/// All state but the inbox is confined to this thread.
final class BackendEventLoop {
    static let stoppingReason = "the server is stopping"

    private let multi: UnsafeMutableRawPointer
    private let inbox: Locked<BackendInbox>
    private let maxConcurrent: Int
    private let bodyLimit: Int
    private let userAgent: String
    private let retryPolicy: RetryPolicy
    private let threadName: String
    /// Calls waiting for their next attempt: new, in backoff, or for a slot.
    private var waiting: [BackendJob] = []
    /// Attempts in flight, by their easy handle.
    private var active: [UnsafeMutableRawPointer: BackendTransfer] = [:]
    /// Outcomes decided in this turn, delivered at its end.
    private var finished: [(completion: @Sendable (BackendOutcome) -> Void, outcome: BackendOutcome)] = []
    private var random = SystemRandomNumberGenerator()

    init(
        multi: UnsafeMutableRawPointer, inbox: Locked<BackendInbox>, maxConcurrent: Int, bodyLimit: Int, userAgent: String,
        retryPolicy: RetryPolicy, threadName: String
    ) {
        self.multi = multi
        self.inbox = inbox
        self.maxConcurrent = maxConcurrent
        self.bodyLimit = bodyLimit
        self.userAgent = userAgent
        self.retryPolicy = retryPolicy
        self.threadName = threadName
    }

    /// Runs until the client stops, then ends every call left and frees the multi handle.
    func run() {
        Self.nameThisThread(threadName)
        while true {
            let (submissions, isStopping) = inbox.withLock { inbox in
                defer { inbox.submissions.removeAll() }
                return (inbox.submissions, inbox.isStopping)
            }
            for job in submissions {
                if let problem = job.call.headerProblem {
                    finish(job, .unavailable(reason: problem))
                } else {
                    waiting.append(job)
                }
            }
            if isStopping { break }
            startDueAttempts(now: SystemClock.monotonicSeconds())
            var running: Int32 = 0
            let performed = curl_multi_perform(multi, &running)
            if performed != CURLM_OK {
                failActive("libcurl's multi interface failed: \(String(cString: curl_multi_strerror(performed)))")
            }
            collectFinishedAttempts(now: SystemClock.monotonicSeconds())
            deliverOutcomes()
            let wait = millisecondsToSleep(now: SystemClock.monotonicSeconds())
            if wait > 0, curl_multi_poll(multi, nil, 0, Int32(wait), nil) != CURLM_OK {
                usleep(10_000)  // a failing poll must not spin
            }
        }
        for job in waiting { finish(job, .unavailable(reason: Self.stoppingReason)) }
        waiting.removeAll()
        failActive(Self.stoppingReason)
        deliverOutcomes()
        inbox.withLock { $0.multi = nil }
        curl_multi_cleanup(multi)
    }

    /// Names the thread through /proc (Glibc's module leaves out
    /// `pthread_setname_np`); the kernel keeps 15 bytes.
    private static func nameThisThread(_ name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = write(file, bytes, bytes.count)
        close(file)
    }

    // MARK: - Attempts

    /// Starts the waiting calls whose backoff is over, oldest first, while
    /// slots are free; ends those whose deadline passed while they waited
    /// (for a slot: a backoff never ends past the deadline).
    private func startDueAttempts(now: Double) {
        var stillWaiting: [BackendJob] = []
        for job in waiting {
            if job.deadline <= now {
                finish(job, AttemptDecision.deadlinePassed(attempts: job.attempts, lastFailure: job.lastFailure))
            } else if job.notBefore <= now && active.count < maxConcurrent {
                start(job, now: now)
            } else {
                stillWaiting.append(job)
            }
        }
        waiting = stillWaiting
    }

    private func start(_ job: BackendJob, now: Double) {
        var job = job
        job.attempts += 1
        guard let transfer = BackendTransfer(job: job, bodyLimit: bodyLimit) else {
            finish(job, .unavailable(reason: "libcurl is out of memory"))
            return
        }
        if let refusal = transfer.configure(userAgent: userAgent, secondsLeft: job.deadline - now) {
            finish(job, .unavailable(reason: refusal))
            return
        }
        let added = curl_multi_add_handle(multi, transfer.easy)
        guard added == CURLM_OK else {
            finish(job, .unavailable(reason: "libcurl refused the transfer: \(String(cString: curl_multi_strerror(added)))"))
            return
        }
        active[transfer.easy] = transfer
    }

    /// Decides what follows each attempt libcurl finished.
    private func collectFinishedAttempts(now: Double) {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active.removeValue(forKey: easy)
            else { continue }
            let result = transfer.result(of: CCurl_message_result(message))
            curl_multi_remove_handle(multi, easy)
            var job = transfer.job
            let decision = result.decision(
                attempts: job.attempts, lastFailure: job.lastFailure, secondsLeft: job.deadline - now, policy: retryPolicy,
                jitter: Double.random(in: 0..<1, using: &random), bodyLimit: bodyLimit)
            switch decision {
            case .finish(let outcome):
                finish(job, outcome)
            case .retry(let seconds, let failure):
                job.notBefore = now + seconds
                job.lastFailure = failure
                waiting.append(job)
            }
        }
    }

    /// Ends every attempt in flight with `.unavailable(reason)`.
    private func failActive(_ reason: String) {
        for (easy, transfer) in active {
            curl_multi_remove_handle(multi, easy)
            finish(transfer.job, .unavailable(reason: reason))
        }
        active.removeAll()
    }

    // MARK: - Outcomes and sleeping

    private func finish(_ job: BackendJob, _ outcome: BackendOutcome) {
        finished.append((job.completion, outcome))
    }

    /// Runs the completions outside any lock; one may call
    /// ``BackendClient/perform(_:completion:)`` again.
    private func deliverOutcomes() {
        let outcomes = finished
        finished.removeAll()
        for (completion, outcome) in outcomes { completion(outcome) }
    }

    /// Until the earliest of libcurl's timer, a waiting call's deadline, and
    /// (with a slot free) the end of a waiting call's backoff; 0 when an
    /// attempt is due now, at most a second.
    private func millisecondsToSleep(now: Double) -> Int {
        var curlTimeout = -1
        _ = curl_multi_timeout(multi, &curlTimeout)
        var wake = now + (curlTimeout >= 0 ? min(Double(curlTimeout) / 1000, 1) : 1)
        let slotFree = active.count < maxConcurrent
        for job in waiting {
            wake = min(wake, job.deadline)
            if slotFree { wake = min(wake, job.notBefore) }
        }
        return max(0, Int(((wake - now) * 1000).rounded(.up)))
    }
}
