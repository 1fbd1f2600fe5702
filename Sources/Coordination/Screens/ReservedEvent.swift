/// The two events a native client carries out by itself, without asking a
/// coordinator first. The router applies them; then the screen's coordinator
/// is told through ``Coordinator/didGoBack(from:)`` or
/// ``Coordinator/didDismiss(_:)``.
public enum ReservedEvent: String, Sendable, CaseIterable {
    /// The user popped the top screen (back button, swipe). Only on a pushed screen.
    case back
    /// The user dismissed the top modal (swipe down). Only on a screen inside a modal.
    case dismiss
}
