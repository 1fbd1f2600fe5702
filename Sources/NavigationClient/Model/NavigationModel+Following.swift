/// Live updates: changes made by other clients (another device, a support agent, a test)
/// reach the model as they happen.
extension NavigationModel {
    /// Follows the session's stream until the session ends or the calling task is cancelled.
    /// In SwiftUI: `.task { await model.follow() }`.
    public func follow() async {
        guard let updates = openUpdates() else { return }
        defer { closeUpdates() }
        for await update in updates { take(update) }
    }

    /// Follows the stream in a task of the model's own, until ``stopFollowing()``, the end of the
    /// session, or the model's release (the task does not keep the model alive).
    public func startFollowing() {
        guard following == nil, let updates = openUpdates() else { return }
        following = Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                self.take(update)
            }
            self?.closeUpdates()
        }
    }

    public func stopFollowing() {
        following?.cancel()
        following = nil
        closeUpdates()
    }

    /// Closes the stream and opens it again at once, resuming from the model's version
    /// (call it when the network comes back).
    public func reconnect() {
        updates?.reconnect()
    }

    /// The session's updates from the model's version on; nil when it is followed already or over.
    private func openUpdates() -> SessionUpdates? {
        guard updates == nil, !isEnded else { return nil }
        let updates = client.updates(of: sessionID, after: version)
        self.updates = updates
        return updates
    }

    private func closeUpdates() {
        updates?.cancel()
        updates = nil
        if !isEnded { connection = .idle }
    }

    private func take(_ update: SessionUpdate) {
        switch update {
        case .document(let document):
            accept(document)
        case .connection(let state):
            connection = state
        case .ended:
            markEnded()
        case .failed(let error):
            lastError = error
            connection = .ended
            if error.meansSessionIsOver { markEnded() }
        }
    }
}
