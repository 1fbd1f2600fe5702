/// How a client should present an event's control, as SwiftUI's
/// `ButtonRole` does: the session document's `role` of an event.
///
/// A flow gives one with ``Screen/on(_:label:role:fields:perform:)``;
/// without one, ``DefaultWording/role(ofEvent:)`` decides (`cancel` for
/// `back`, `dismiss` and an event named `cancel`, no role otherwise).
public enum EventRole: String, Sendable, Hashable, CaseIterable {
    /// The action the screen is for (Sign in, Pay, Send): drawn prominently,
    /// and what Return submits.
    case primary
    /// An action that removes or ends something (Archive, Sign out): drawn
    /// in red, the way iOS draws a destructive button.
    case destructive
    /// Leaving without doing anything (Cancel, Back, Close).
    case cancel
}
