import NavigationClient

/// The slots of a document as screen ids, changed step by step by ``StackChange`` values,
/// as a UIKit adapter would change its navigation controllers: after applying the
/// changes from one document to the next, it must hold the next document's slots.
struct StackReplay: Equatable {
    private(set) var slots: [Slot: [String]] = [:]
    private(set) var modals: [[String]] = []
    private(set) var selectedTab: String?
    private(set) var problems: [String] = []

    init() {}

    init(_ document: SessionDocument) {
        for slot in document.slots {
            if case .modal = slot { continue }
            slots[slot] = document.screens(in: slot).map(\.id)
        }
        modals = document.modals.map { $0.screens.map(\.id) }
        selectedTab = document.selectedTab
    }

    mutating func apply(_ changes: [StackChange]) {
        for change in changes { apply(change) }
    }

    private mutating func apply(_ change: StackChange) {
        switch change {
        case .setRoot(let screens, let slot):
            set(screens.map(\.id), in: slot)
        case .push(let screen, let slot):
            set(ids(in: slot) + [screen.id], in: slot)
        case .pop(let screen, let slot):
            let ids = ids(in: slot)
            guard let index = ids.firstIndex(of: screen.id), index < ids.count - 1 else {
                problems.append("pop to \(screen.id), which is not under the top of \(slot): \(ids)")
                return
            }
            set(Array(ids[...index]), in: slot)
        case .present(let modal):
            if modal.level != modals.count { problems.append("present at level \(modal.level) over \(modals.count) modals") }
            modals.append(modal.screens.map(\.id))
        case .dismiss(let modal):
            if modal.level != modals.count - 1 { problems.append("dismiss level \(modal.level) of \(modals.count) modals") }
            if !modals.isEmpty { modals.removeLast() }
        case .selectTab(let tab):
            selectedTab = tab
        case .showDetail(let screen, let tab):
            slots[.secondary(tab: tab)] = [screen.id]
        case .update(let screen, let slot):
            if !ids(in: slot).contains(screen.id) { problems.append("update of \(screen.id), which is not in \(slot)") }
        }
    }

    private func ids(in slot: Slot) -> [String] {
        if case .modal(let level) = slot { return modals.indices.contains(level) ? modals[level] : [] }
        return slots[slot] ?? []
    }

    private mutating func set(_ ids: [String], in slot: Slot) {
        if case .modal(let level) = slot {
            guard modals.indices.contains(level) else {
                problems.append("a change in \(slot), which is not presented")
                return
            }
            modals[level] = ids
        } else {
            slots[slot] = ids
        }
    }

    /// What differs from the slots of `document` (only the slots it has count).
    func differences(from document: SessionDocument) -> [String] {
        let expected = StackReplay(document)
        var differences = problems
        for (slot, ids) in expected.slots where (slots[slot] ?? []) != ids {
            differences.append("\(slot): replayed \(slots[slot] ?? []), document \(ids)")
        }
        if modals != expected.modals { differences.append("modals: replayed \(modals), document \(expected.modals)") }
        if selectedTab != expected.selectedTab {
            differences.append("tab: replayed \(selectedTab ?? "none"), document \(expected.selectedTab ?? "none")")
        }
        return differences
    }
}
