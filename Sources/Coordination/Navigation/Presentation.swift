/// How a screen entered the stack: the `presentation` member of each stack
/// entry in the session document.
public enum Presentation: String, Sendable, Hashable, CaseIterable {
    /// The bottom of the stack.
    case root
    /// Pushed on the navigation stack of the root or of the modal below it.
    case push
    /// Opens a modal shown as a sheet; later pushes belong to that modal.
    case sheet
    /// Opens a modal that covers the whole screen; later pushes belong to it.
    case fullScreen

    /// Whether this entry opens a modal.
    public var isModal: Bool { self == .sheet || self == .fullScreen }
}

/// The style of a modal opened with ``Router/present(_:style:animated:)``.
public enum ModalStyle: String, Sendable, Hashable, CaseIterable {
    case sheet
    case fullScreen

    var presentation: Presentation {
        switch self {
        case .sheet: .sheet
        case .fullScreen: .fullScreen
        }
    }
}
