/// The events a native client carries out by itself, without asking a
/// coordinator first. The router applies them; then the screen's coordinator
/// is told through ``Coordinator/didGoBack(from:)``,
/// ``Coordinator/didDismiss(_:)`` or ``Coordinator/didSelectTab(_:)``.
public enum ReservedEvent: String, Sendable, CaseIterable {
    /// The user popped the top screen (back button, swipe). Only on a pushed screen.
    case back
    /// The user dismissed the top modal (swipe down). Only on a screen inside a modal.
    case dismiss
    /// The user selected a tab of the tab bar (payload `{"tab": id}`). On
    /// any screen a user can touch under a tab bar, with no modal open; the
    /// coordinator that set the tab bar is told through
    /// ``Coordinator/didSelectTab(_:)``.
    case selectTab
}

extension ReservedEvent {
    /// The reserved event spelled `name`, or nil: what `init(rawValue:)`
    /// says, by direct comparisons instead of the synthesized initializer's
    /// search of a table of the cases: every event asks at least once.
    init?(named name: String) {
        // Most names are no reserved one's length: answered without
        // comparing; the others are compared, byte for byte in place, with
        // the one of their length (`==` on the two strings, and the
        // release of the case's spelling after, cost ~40 instructions a call).
        let candidate: ReservedEvent
        let spelling: StaticString
        switch name.utf8.count {
        case 4: (candidate, spelling) = (.back, "back")
        case 7: (candidate, spelling) = (.dismiss, "dismiss")
        case 9: (candidate, spelling) = (.selectTab, "selectTab")
        default: return nil
        }
        let matches = name.utf8.withContiguousStorageIfAvailable { utf8 in
            let expected = spelling.utf8Start
            for index in 0..<utf8.count where utf8[index] != expected[index] { return false }
            return true
        }
        guard matches ?? (name == candidate.rawValue) else { return nil }
        self = candidate
    }
}
