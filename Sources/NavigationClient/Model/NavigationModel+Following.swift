/// Live updates: changes made by other clients (another device, a support agent, a test)
/// reach the model as they happen.
extension NavigationModel {
    /// Follows the session's stream until the session ends or the calling task is cancelled.
    /// In SwiftUI: `.task { await model.follow() }`.
    public func follow() async {
        guard !isEnded else { return }
        let updates = client.updates(of: sessionID, after: version)
        self.updates = updates
        defer {
            self.updates = nil
            if !isEnded { connection = .idle }
        }
        for await update in updates {
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

    /// Starts ``follow()`` in a task of the model's own; ``stopFollowing()`` ends it.
    public func startFollowing() {
        guard following == nil else { return }
        following = Task { [weak self] in await self?.follow() }
    }

    public func stopFollowing() {
        following?.cancel()
        following = nil
    }

    /// Closes the stream and opens it again at once, resuming from the model's version
    /// (call it when the network comes back).
    public func reconnect() {
        updates?.reconnect()
    }
}
