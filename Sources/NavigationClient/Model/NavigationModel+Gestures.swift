/// Gestures the platform has already carried out: a swipe back, the back button of a
/// `NavigationStack`, a sheet pulled down.
///
/// The screen has already moved, so the model shows the result at once and
/// tells the server (`back`, `dismiss`, with `If-Match`). If the server
/// refuses, because another device changed the session meanwhile (412) or
/// the screen is no longer in front (409), the model fetches and shows the
/// server's stack again, so the platform puts the screens back, and
/// ``NavigationModel/lastError`` says why. A screen that does not take
/// `back` (a confirmation) is put back without asking.
extension NavigationModel {
    /// The platform popped `slot` down to the screen `screenID` (one screen or several).
    /// Without `slot`, the slot that holds the screen.
    public func userPopped(to screenID: String, in slot: Slot? = nil) async throws(ClientError) {
        guard let slot = slot ?? document.slot(of: screenID) else { return }
        let screens = document.screens(in: slot)
        guard let index = screens.firstIndex(where: { $0.id == screenID }) else { return }
        let popped = Array(screens[(index + 1)...])
        guard !popped.isEmpty else { return }
        guard popped.allSatisfy({ $0.accepts(EventDeclaration.back) }) else {
            lastError = .notAccepted(event: EventDeclaration.back)
            // Shown for a moment and taken back, so that a binding sees the screens return.
            showOptimistic(document.removingScreens(Set(popped.map(\.id))))
            restore()
            throw .notAccepted(event: EventDeclaration.back)
        }
        showOptimistic(document.removingScreens(Set(popped.map(\.id))))
        // The top first: each `back` pops the screen that reports it.
        for (offset, screen) in popped.reversed().enumerated() {
            let (id, version) = (sessionID, version)
            try await perform(.event(EventDeclaration.back, screen: screen.id)) { [client] () throws(ClientError) in
                try await client.send(EventDeclaration.back, screen: screen.id, session: id, ifMatch: version)
            }
            // Until the last one is confirmed, keep showing where the person went.
            let remaining = popped.dropLast(offset + 1)
            if !remaining.isEmpty { showOptimistic(document.removingScreens(Set(remaining.map(\.id)))) }
        }
    }

    /// The platform dismissed the top modal (a sheet pulled down).
    public func userDismissed() async throws(ClientError) {
        guard let modal = modals.last, let top = modal.screens.last else { return }
        guard top.accepts(EventDeclaration.dismiss) else {
            lastError = .notAccepted(event: EventDeclaration.dismiss)
            showOptimistic(document.removingScreens(Set(modal.screens.map(\.id))))
            restore()
            throw .notAccepted(event: EventDeclaration.dismiss)
        }
        showOptimistic(document.removingScreens(Set(modal.screens.map(\.id))))
        let (id, version) = (sessionID, version)
        try await perform(.event(EventDeclaration.dismiss, screen: top.id)) { [client] () throws(ClientError) in
            try await client.send(EventDeclaration.dismiss, screen: top.id, session: id, ifMatch: version)
        }
    }
}
