import Observation

/// One session as an app draws it: an observable value that SwiftUI views and UIKit
/// coordinators bind to, kept in step with the server.
///
/// ``document`` is what to draw. It is the server's latest document,
/// except for at most one round trip after a gesture the platform already
/// made (``userPopped(to:in:)``, ``userDismissed()``, ``selectTab(_:)``):
/// then it shows that gesture's result until the server answers, and the
/// server's document again if it refuses. Every action carries `If-Match`
/// with the version the person saw.
@MainActor
@Observable
public final class NavigationModel {
    @ObservationIgnored public let client: NavigationClient

    /// What to draw now.
    public private(set) var document: SessionDocument
    /// The newest document the server sent.
    public private(set) var confirmed: SessionDocument
    /// The requests under way, oldest first: draw their buttons as busy.
    public internal(set) var inFlight: [PendingAction] = []
    /// Why the last action failed; cleared by the next one that succeeds.
    public var lastError: ClientError?
    /// What the last new document changed, for an adapter that animates (also passed to ``onChange``).
    public private(set) var lastChanges: [StackChange] = []
    /// How updates from other clients arrive (see ``follow()``).
    public internal(set) var connection: ConnectionState = .idle
    /// The session ended (``end()``, another client, expiry) or can no longer be served.
    public internal(set) var isEnded = false

    /// Called after every change of ``document``, with what changed; a UIKit adapter animates from here.
    @ObservationIgnored public var onChange: ((NavigationModel, [StackChange]) -> Void)?

    /// A gesture's result, shown while the server has not answered; it is based on `confirmed.version`.
    @ObservationIgnored var optimistic: SessionDocument?
    @ObservationIgnored var nextActionID = 1
    @ObservationIgnored var following: Task<Void, Never>?
    @ObservationIgnored var updates: SessionUpdates?

    /// A model of `document`; ``NavigationClient/start(flow:context:link:)`` and
    /// ``NavigationClient/attach(sessionID:)`` make one.
    public init(client: NavigationClient, document: SessionDocument) {
        self.client = client
        self.document = document
        self.confirmed = document
    }

    deinit {
        following?.cancel()
        updates?.cancel()
    }

    // MARK: - What to draw

    public var sessionID: String { confirmed.id }
    public var version: Int { confirmed.version }
    public var isFinished: Bool { document.finished }
    public var slots: [Slot] { document.slots }
    /// The screens a person can touch; only they take events.
    public var activeScreens: [Screen] { document.activeScreens }
    public var modals: [Modal] { document.modals }
    /// The lowest modal when it is a sheet: what `.sheet(item:)` on the root view presents.
    public var sheet: Modal? { modals.first { $0.level == 0 && $0.style == .sheet } }
    /// The lowest modal when it is full screen: what `.fullScreenCover(item:)` presents.
    public var fullScreenCover: Modal? { modals.first { $0.level == 0 && $0.style == .fullScreen } }
    public var tabs: [Tab] { document.tabs }
    public var selectedTab: String? { document.selectedTab }

    public func screens(in slot: Slot) -> [Screen] { document.screens(in: slot) }
    public func root(of slot: Slot) -> Screen? { screens(in: slot).first }
    /// The ids of the screens pushed on a slot's root: what `NavigationStack(path:)` binds to.
    public func path(in slot: Slot) -> [String] { screens(in: slot).dropFirst().map(\.id) }
    /// The current value of a screen, by id (a path holds ids, so views read params here and stay current).
    public func screen(_ id: String) -> Screen? { document.screen(id: id) }

    /// A binding's setter: a shorter path means the platform popped (back button, swipe).
    /// A longer one is ignored: screens are pushed by coordinators, not by the app.
    public func setPath(_ path: [String], in slot: Slot) {
        let current = self.path(in: slot)
        guard path.count < current.count, Array(current.prefix(path.count)) == path else { return }
        guard let target = path.last ?? root(of: slot)?.id else { return }
        Task { try? await userPopped(to: target, in: slot) }
    }

    // MARK: - Taking documents

    /// Takes a document from an answer, the stream or a poll; an older or equal version changes nothing.
    func accept(_ newDocument: SessionDocument) {
        guard newDocument.id == confirmed.id, newDocument.version > confirmed.version else { return }
        confirmed = newDocument
        optimistic = nil
        show(newDocument)
    }

    /// Shows a gesture's result until the server answers.
    func showOptimistic(_ guess: SessionDocument) {
        optimistic = guess
        show(guess)
    }

    /// Goes back to the server's document (after a refusal).
    func restore() {
        optimistic = nil
        show(confirmed)
    }

    private func show(_ newDocument: SessionDocument) {
        guard newDocument != document else { return }
        let changes = StackChange.changes(from: document, to: newDocument)
        document = newDocument
        lastChanges = changes
        onChange?(self, changes)
    }
}

/// A request a ``NavigationModel`` has under way.
public struct PendingAction: Sendable, Hashable, Identifiable {
    public enum Kind: Sendable, Hashable {
        case event(String, screen: String)
        case link(String)
        case end
        case refresh
    }

    public let id: Int
    public let kind: Kind
}
