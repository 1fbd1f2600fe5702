import Platform

/// What other threads hand the event loop, behind the client's lock.
struct BackendInbox {
    /// Calls accepted and not yet taken by the loop.
    var submissions: [BackendJob] = []
    /// Set once by ``BackendClient/shutdown()``; no call is accepted after.
    var isStopping = false
    /// The multi handle, for `curl_multi_wakeup` (which libcurl allows from
    /// any thread); `nil` once the loop has ended and freed it. Only used
    /// with the lock held, so the loop cannot free it during a wakeup.
    var multi: UnsafeMutableRawPointer?
    /// The loop's thread until someone joins it.
    var thread: pthread_t?
}
