extension SessionState {
    /// Bounds the rounds of clean-up after one event: each round may finish
    /// coordinators whose parents then start others.
    private static let maxSettleRounds = 64

    /// Brings the tree back to the invariants after an event: a child left
    /// with no screen and no live child is finished (and so removed from its
    /// parent, the server's `didMove(toParent:)`), then nothing finished may
    /// own a screen and every router call must have succeeded.
    func settle() throws(NavigationError) {
        var rounds = 0
        while finishAbandonedChildren() {
            rounds += 1
            guard rounds < Self.maxSettleRounds else {
                throw NavigationError(.flowFailure, "coordinators kept finishing and starting each other for \(rounds) rounds")
            }
        }
        // A finished coordinator's effects are dropped: their outcomes will
        // be recorded, never delivered.
        environment.effects.dropPending { isLive($0) }
        if let misuse = navigation.misuse {
            if case .stackTooDeep(let limit) = misuse {
                throw NavigationError(
                    .stackLimitReached,
                    "the event would put more than \(limit) screens on the stack; go back or dismiss first")
            }
            throw NavigationError(.flowFailure, "router misuse: \(misuse)")
        }
        guard !root.isFinished else { return }
        let shown = navigation.shownEntries
        for entry in shown {
            if let reserved = entry.screen.reservedDeclaration {
                throw NavigationError(
                    .flowFailure,
                    "screen '\(entry.screen.name)' declares '\(reserved)', which is reserved: use allowsBack or allowsDismiss")
            }
            guard let owner = entry.screen.coordinator, isLive(owner) else {
                throw NavigationError(
                    .flowFailure,
                    "screen '\(entry.screen.name)' is still on the stack but its coordinator has finished")
            }
        }
        if shown.isEmpty && root.childCoordinators.isEmpty {
            throw NavigationError(.flowFailure, "the flow shows no screen and its root coordinator has not finished")
        }
    }

    /// Finishes, deepest first, every non-root coordinator that owns no
    /// screen on the stack and has no live child. Returns whether any did.
    private func finishAbandonedChildren() -> Bool {
        guard !root.isFinished else { return false }
        // No set of owners is built: a stack holds a handful of screens, and
        // scanning it per coordinator allocates nothing after every event.
        let entries = navigation.shownEntries
        var finishedAny = false
        func visit(_ coordinator: Coordinator) {
            let children = coordinator.childCoordinators
            for child in children { visit(child) }
            // Read again only when there were children: visiting them may
            // have finished some (each finished child leaves its parent).
            guard coordinator !== root, !coordinator.isFinished,
                children.isEmpty || coordinator.childCoordinators.isEmpty,
                !entries.contains(where: { $0.screen.isOwned(by: coordinator) })
            else { return }
            coordinator.finish()
            finishedAny = true
        }
        visit(root)
        return finishedAny
    }

    /// Whether `coordinator` is in the live tree: neither it nor any
    /// ancestor up to the root has finished. Walks up the parent links that
    /// `addChild` and `removeChild` keep in step with `childCoordinators`.
    func isLive(_ coordinator: Coordinator) -> Bool {
        coordinator.isLive(under: root)
    }
}
