/// One step from one document to the next, in the vocabulary of a navigation controller:
/// what a UIKit adapter animates so that the screen moves the way the coordinators did.
///
/// ``changes(from:to:)`` lists them in the order to apply them: modals
/// that went away (the top first), then each container slot (tab
/// selection first), then changes inside the modals that stayed, then new
/// modals.
public enum StackChange: Sendable, Hashable {
    /// The slot's screens were replaced from the root up (a new flow after login, a new tab bar).
    case setRoot([Screen], in: Slot)
    case push(Screen, in: Slot)
    /// Screens were taken off the top of the slot; `to` is on top now.
    case pop(to: Screen, in: Slot)
    /// A modal came up, with any screens already pushed on it.
    case present(Modal)
    case dismiss(Modal)
    case selectTab(String)
    /// A split view's secondary column shows a new root (the message being read).
    case showDetail(Screen, tab: String?)
    /// The screen stayed where it was, but its params, events or title changed.
    case update(Screen, in: Slot)
}

extension StackChange {
    /// What changed from `old` to `new`; `old` nil means everything is new.
    public static func changes(from old: SessionDocument?, to new: SessionDocument) -> [StackChange] {
        var changes: [StackChange] = []
        let oldModals = old?.modals ?? []
        let newModals = new.modals
        let kept = zip(oldModals, newModals).prefix { $0.id == $1.id }.count
        changes += oldModals[kept...].reversed().map(StackChange.dismiss)

        let oldBase = old.map { Self.containerSlots(of: $0) } ?? []
        let newBase = Self.containerSlots(of: new)
        if let old, oldBase == newBase {
            if let selected = new.selectedTab, selected != old.selectedTab { changes.append(.selectTab(selected)) }
            for slot in newBase {
                changes += Self.changes(in: slot, from: old.screens(in: slot), to: new.screens(in: slot))
            }
        } else {
            for slot in newBase where !new.screens(in: slot).isEmpty { changes.append(.setRoot(new.screens(in: slot), in: slot)) }
            if let selected = new.selectedTab { changes.append(.selectTab(selected)) }
        }

        for level in 0..<kept {
            changes += Self.changes(in: .modal(level), from: oldModals[level].screens, to: newModals[level].screens)
        }
        changes += newModals[kept...].map(StackChange.present)
        return changes
    }

    private static func containerSlots(of document: SessionDocument) -> [Slot] {
        document.slots.filter { if case .modal = $0 { false } else { true } }
    }

    /// One slot: the screens both have at the bottom stay (updated where they changed), the rest is popped and pushed.
    private static func changes(in slot: Slot, from old: [Screen], to new: [Screen]) -> [StackChange] {
        let common = zip(old, new).prefix { $0.id == $1.id }.count
        guard common > 0 else {
            guard let root = new.first else { return old.isEmpty ? [] : [.setRoot([], in: slot)] }
            if case .secondary(let tab) = slot { return [.showDetail(root, tab: tab)] + new.dropFirst().map { .push($0, in: slot) } }
            return [.setRoot(new, in: slot)]
        }
        var changes = zip(old, new).prefix(common).filter { $0 != $1 }.map { StackChange.update($1, in: slot) }
        if old.count > common { changes.append(.pop(to: new[common - 1], in: slot)) }
        changes += new[common...].map { .push($0, in: slot) }
        return changes
    }
}
