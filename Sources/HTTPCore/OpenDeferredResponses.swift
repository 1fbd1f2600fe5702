import Platform

/// The server's ``DeferredResponse``s taken by a request and not yet sent,
/// so that a stopping server can answer them all: libmicrohttpd must not
/// stop with a connection still suspended (it aborts the process).
final class OpenDeferredResponses: Sendable {
    private struct Members {
        var responses: [ObjectIdentifier: DeferredResponse] = [:]
        /// Set by ``stopAll()``; later ones are refused.
        var isStopped = false
    }

    private let members = Locked(Members())

    /// Deferred responses waiting for their answer or for their connection
    /// to send it.
    var count: Int {
        members.withLock { $0.responses.count }
    }

    /// Adds `response`; false once the server has stopped them all, when
    /// the caller answers it with its stop response at once.
    func insert(_ response: DeferredResponse) -> Bool {
        members.withLock { members in
            guard !members.isStopped else { return false }
            members.responses[ObjectIdentifier(response)] = response
            return true
        }
    }

    func remove(_ response: DeferredResponse) {
        members.withLock { _ = $0.responses.removeValue(forKey: ObjectIdentifier(response)) }
    }

    /// Completes every open one with its ``DeferredResponse/serverStopResponse``
    /// (the connections resume and send it) and refuses later ones.
    func stopAll() {
        let open = members.withLock { members in
            members.isStopped = true
            return Array(members.responses.values)
        }
        for response in open {
            response.complete(with: response.serverStopResponse)
        }
    }
}
