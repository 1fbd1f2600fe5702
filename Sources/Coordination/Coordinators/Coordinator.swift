/// A coordinator: an object whose only job is to decide which screen comes
/// next.
///
/// Subclass it, show screens through ``router`` in ``start()``, attach a
/// handler to each screen's events, and start child coordinators for
/// self-contained sub-flows. Every child is kept in ``childCoordinators`` (so
/// it stays alive) and let go when it finishes (so it does not leak):
/// ``finish()`` removes it from its parent by identity, then tells the parent
/// through ``childDidFinish(_:)``. Report results to the parent with a
/// delegate, the ``onFinish`` closure, or a typed output
/// (``OutputCoordinator``).
///
/// Coordinators of a session are only ever touched under that session's lock,
/// one event at a time, so they need no locking of their own.
open class Coordinator {
    /// Unique in the session (`c1`, `c2`, …), from a counter, never random.
    public let id: String
    public let environment: CoordinatorEnvironment
    /// This coordinator's router. Screens it shows are owned by this coordinator.
    public private(set) lazy var router: Router = environment.makeRouter(for: self)
    /// The coordinators this one started and that have not finished.
    public var childCoordinators: [Coordinator] { children }
    public var parentCoordinator: Coordinator? { parent }
    /// True once ``finish()`` ran; a finished coordinator never comes back.
    public var isFinished: Bool { finished }

    // The storage of the three above, private so that the compiler sees
    // every access: see "Engine memory and instruction notes" in
    // bench/README.md for this and the other layout choices of the engine.
    // `@exclusivity(unchecked)`: see `Session`'s stored properties for why.
    @exclusivity(unchecked) private var children: [Coordinator] = []
    /// Not kept alive by its child, and never left dangling: set only while
    /// the parent holds this child in its `children`, and cleared when it
    /// lets the child go or is freed itself (`deinit`).
    @exclusivity(unchecked) private unowned(unsafe) var parent: Coordinator?
    /// The storage of ``reference``: made on first use.
    @exclusivity(unchecked) private var madeReference: CoordinatorReference?
    /// Called once when this coordinator finishes, before its parent's
    /// ``childDidFinish(_:)``: the closure way to report back.
    public var onFinish: ((Coordinator) -> Void)? {
        get { finishHandler?.body }
        set { finishHandler = newValue.map(FinishHandler.init) }
    }
    /// The storage of ``onFinish``, boxed: most coordinators have none.
    @exclusivity(unchecked) private var finishHandler: FinishHandler?
    /// For a root coordinator: the output of the whole flow, rendered as the
    /// session's `result` once the root finishes.
    public var result: JSONValue? {
        get { output?.value }
        set { output = newValue.map(FlowOutput.init) }
    }
    /// The storage of ``result``, boxed: only a root that finishes with an
    /// output has one, and inline it made every coordinator 8 bytes larger.
    @exclusivity(unchecked) private var output: FlowOutput?
    @exclusivity(unchecked) private var finished = false

    /// The name shown in the session document's coordinator tree and history:
    /// what `String(describing:)` prints for the type, spelled on each read
    /// rather than stored with every coordinator.
    public var typeName: String { Self.typeName(of: type(of: self)) }

    /// The name the session document and history show for coordinators of
    /// this class, when not the Swift type's own. Nil, the default, spells
    /// the type's name. For coordinators declared as data, whose classes
    /// the Swift names do not describe: flow files' coordinators show the
    /// names their files give them.
    open class var declaredTypeName: String? { nil }

    /// ``declaredTypeName``, else what `String(describing:)` prints for the
    /// metatype, spelled by `_typeName` without its `Mirror` and casts.
    static func typeName(of type: Coordinator.Type) -> String {
        type.declaredTypeName ?? _typeName(type, qualified: false)
    }

    public init(environment: CoordinatorEnvironment) {
        self.environment = environment
        self.id = environment.nextCoordinatorID()
    }

    deinit {
        madeReference?.clear()
        // Every child in `children` has this as its parent, and only those.
        for child in children { child.parent = nil }
    }

    /// Whether neither this coordinator nor any ancestor up to `root` has
    /// finished: walks up the parent links, retaining none of them.
    func isLive(under root: Coordinator) -> Bool {
        unowned(unsafe) var current = self
        while true {
            if current.finished { return false }
            if current === root { return true }
            guard let parent = current.parent else { return false }
            current = parent
        }
    }

    /// ``reference`` if it was made: nil while nothing refers to this
    /// coordinator (no screen of its, no pending effect).
    var existingReference: CoordinatorReference? { madeReference }

    /// What refers to this coordinator without keeping it alive (a screen's
    /// coordinator, a pending effect's, a tab bar's owner), one for all.
    var reference: CoordinatorReference {
        if let madeReference { return madeReference }
        let made = CoordinatorReference(self)
        madeReference = made
        return made
    }

    /// The session's shared services: what an iOS app keeps in the Keychain
    /// and hands its coordinators (``SharedStore``).
    public var store: SharedStore { environment.store }

    /// Begins the flow: shows its first screen or starts its first child.
    open func start() {}

    /// Ends the flow: finishes every child first, leaves the parent's
    /// ``childCoordinators``, then reports to ``onFinish`` and to the
    /// parent's ``childDidFinish(_:)``. Does nothing when already finished.
    ///
    /// Override to tell a delegate, calling `super.finish()` first and
    /// returning early when ``isFinished`` was already true. Screens are not
    /// removed for you: pop or dismiss what this coordinator showed (or let
    /// the next flow replace the stack) in the same event.
    open func finish() {
        guard !finished else { return }
        finished = true
        environment.treeDidChange()
        for child in children.reversed() {
            child.finish()
        }
        // A child whose `finish()` did not leave is let go here, its parent
        // cleared, and freed (its `deinit` run) only after `children` is no
        // longer accessed.
        let leftBehind = children
        children = []
        for child in leftBehind { child.parent = nil }
        let parent = self.parent
        parent?.removeChild(self)
        let callback = onFinish
        onFinish = nil
        callback?(self)
        parent?.childDidFinish(self)
    }

    /// Keeps `child` alive as one of ``childCoordinators``. A finished
    /// coordinator takes no children, and a finished child is not added.
    /// Returns whether `child` was added.
    @discardableResult
    public func addChild(_ child: Coordinator) -> Bool {
        guard child !== self, !finished, !child.finished,
            !children.contains(where: { $0 === child })
        else { return false }
        child.parent?.removeChild(child)
        child.parent = self
        children.append(child)
        environment.treeDidChange()
        return true
    }

    /// Adds `child` and calls its ``start()``: the two lines a parent
    /// coordinator always writes, in one.
    /// Starts nothing when the child could not be added: it is already a
    /// child, or either coordinator has finished.
    public func startChild(_ child: Coordinator) {
        guard addChild(child) else { return }
        child.start()
    }

    /// Lets `child` go: removes it from ``childCoordinators`` by identity.
    public func removeChild(_ child: Coordinator) {
        guard children.contains(where: { $0 === child }) else { return }
        environment.treeDidChange()
        children.removeAll { $0 === child }
        if child.parent === self { child.parent = nil }
    }

    /// Called when a child finishes, after it was removed from
    /// ``childCoordinators``: a finished child can never stay in the tree,
    /// so the classic leak of the pattern (a finished child kept alive by its
    /// parent's list) cannot happen. Override to start what comes next.
    open func childDidFinish(_ child: Coordinator) {}

    /// Called after the user popped `screen`, one of this coordinator's, with
    /// the reserved `back` event. A coordinator left without screens and
    /// without children is then finished by the session.
    open func didGoBack(from screen: Screen) {}

    /// Called after the user dismissed a modal with the reserved `dismiss`
    /// event; `screens` are this coordinator's screens that went with it.
    open func didDismiss(_ screens: [Screen]) {}

    /// Called on the coordinator that set the tab bar (``Router/setTabs(_:selected:animated:)``)
    /// after the user selected tab `tab` with the reserved `selectTab` event.
    open func didSelectTab(_ tab: String) {}

    /// Whether one of this coordinator's screens is shown: on the stack, in
    /// any tab or column, or in a modal.
    public var ownsScreenOnStack: Bool {
        environment.navigation.shownEntries.contains { $0.screen.isOwned(by: self) }
    }
}

/// The storage of ``Coordinator/result``.
private final class FlowOutput {
    let value: JSONValue
    init(_ value: JSONValue) { self.value = value }
}

/// The storage of ``Coordinator/onFinish``.
private final class FinishHandler {
    let body: (Coordinator) -> Void
    init(_ body: @escaping (Coordinator) -> Void) { self.body = body }
}
