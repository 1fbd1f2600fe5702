/// What every coordinator of one session shares: the navigation controller
/// its routers drive, the shared store, the context the session was started
/// with, and the counter that names coordinators.
///
/// A root coordinator gets it from the session; a parent hands its own to the
/// children it creates (`ProfileCoordinator(environment: environment)`), as
/// an iOS parent coordinator hands its `UINavigationController` down.
public final class CoordinatorEnvironment {
    public let navigation: NavigationController
    public let store: SharedStore
    /// The session's validated context, with the flow's defaults filled in.
    public let context: JSONObject
    /// The link a coordinator could not follow yet (``Coordinator/heldLink``):
    /// one per session, kept by the environment the others derive from;
    /// nil until the session first holds a link, which most never do.
    var heldLink: HeldLink? { (origin ?? self).madeHeldLink }
    /// The session's effects, its clock and its random numbers: one per
    /// session, shared by every environment derived from it.
    let effects: EffectLedger
    /// Where the routers this environment makes land (``NavigationSlot``):
    /// the session's own stack unless derived with ``tab(_:)`` or ``column(_:)``.
    public let slot: NavigationSlot
    /// The environment this one was derived from: its counters are the session's.
    private let origin: CoordinatorEnvironment?
    private let routerFactory: (Coordinator, NavigationController, NavigationSlot) -> Router
    // `@exclusivity(unchecked)`: see `Session`'s stored properties for why.
    @exclusivity(unchecked) private var coordinatorCounter = 0
    /// The storage of ``heldLink``, in the environment the others derive from.
    @exclusivity(unchecked) private var madeHeldLink: HeldLink?
    /// Changes to the coordinator tree so far (coordinators made, children
    /// added, removed, finished).
    @exclusivity(unchecked) private(set) var treeRevision = 0

    public convenience init(
        navigation: NavigationController = NavigationController(),
        store: SharedStore = SharedStore(),
        context: JSONObject = JSONObject()
    ) {
        self.init(navigation: navigation, store: store, context: context) {
            StackRouter(controller: $1, coordinator: $0, slot: $2)
        }
    }

    /// An environment whose routers record every call into `log` before
    /// carrying it out: for tests that check the order of router calls.
    public convenience init(
        recordingInto log: RouterCallLog,
        navigation: NavigationController = NavigationController(),
        store: SharedStore = SharedStore(),
        context: JSONObject = JSONObject()
    ) {
        self.init(navigation: navigation, store: store, context: context) { coordinator, controller, slot in
            RecordingRouter(
                wrapping: StackRouter(controller: controller, coordinator: coordinator, slot: slot),
                log: log, coordinatorType: coordinator.typeName)
        }
    }

    private init(
        navigation: NavigationController, store: SharedStore, context: JSONObject,
        slot: NavigationSlot = .main, origin: CoordinatorEnvironment? = nil,
        routerFactory: @escaping (Coordinator, NavigationController, NavigationSlot) -> Router
    ) {
        self.navigation = navigation
        self.store = store
        self.context = context
        self.slot = slot
        self.origin = origin
        self.effects = origin?.effects ?? EffectLedger(seed: 0)
        self.routerFactory = routerFactory
    }

    /// When the change being applied was accepted, in seconds since 1970:
    /// the time of the event or outcome (or, in `start()`, of the session's
    /// creation), journaled with it, so that a replay reads the same time.
    /// Read it instead of a clock: a clock would make a replay differ.
    public var now: Double { Double(effects.now) / 1000 }

    /// The session's random numbers, seeded when it was created (the seed is
    /// journaled): `Int.random(in: 1...6, using: &environment.random)`. A
    /// replay draws the same numbers; never use them for secrets.
    public var random: SessionRandom {
        get { effects.random }
        set { effects.random = newValue }
    }

    /// Whether this change takes the new branch of the patch `id`: how one
    /// flow version serves both the sessions recorded before a change of its
    /// code and those after, without a version bump.
    ///
    /// ```swift
    /// if environment.patched("confirm-before-pay") {
    ///     router.push(confirmScreen)  // the new code
    /// } else {
    ///     pay()                       // what sessions recorded before it did
    /// }
    /// ```
    /// Live, it is `true`, and the change being applied records a marker for
    /// `id` in its journal record. When a session is replayed (after a
    /// restart, on another instance, to undo a failed event), it is `true`
    /// exactly in the changes whose records hold that marker: a session
    /// recorded before the patch replays the old branch, then takes the new
    /// one in its next live changes. Ask it where the branch is decided, in
    /// `start()` or a handler; once no live session was recorded without
    /// the marker, remove the old branch and keep the call.
    public func patched(_ id: String) -> Bool {
        effects.patched(id)
    }

    /// The same session's environment for a coordinator that owns tab `id`
    /// of the tab bar: its router drives that tab's stack (or, when the tab
    /// shows a split view, the primary column). Hand it to the tab's
    /// coordinator, as UIKit gives each tab its own navigation controller.
    public func tab(_ id: String) -> CoordinatorEnvironment {
        derived(NavigationSlot(tab: id))
    }

    /// The same session's environment for a coordinator that drives
    /// `column` of the split view in this environment's slot (a detail
    /// coordinator: `environment.column(.secondary)`).
    public func column(_ column: SplitColumn) -> CoordinatorEnvironment {
        derived(NavigationSlot(tab: slot.tab, column: column))
    }

    private func derived(_ slot: NavigationSlot) -> CoordinatorEnvironment {
        CoordinatorEnvironment(
            navigation: navigation, store: store, context: context, slot: slot, origin: origin ?? self,
            routerFactory: routerFactory)
    }

    /// ``heldLink``, made if there is none yet: where the session holds a
    /// link, handed back to `root` through `flow` when followed.
    func holdingLink(forRoot root: Coordinator, of flow: Flow) -> HeldLink {
        if let origin { return origin.holdingLink(forRoot: root, of: flow) }
        if let madeHeldLink { return madeHeldLink }
        let made = HeldLink()
        made.attach(flow: flow, root: root)
        madeHeldLink = made
        return made
    }

    func makeRouter(for coordinator: Coordinator) -> Router {
        routerFactory(coordinator, navigation, slot)
    }

    func treeDidChange() {
        if let origin { return origin.treeDidChange() }
        treeRevision += 1
    }

    func nextCoordinatorID() -> String {
        if let origin { return origin.nextCoordinatorID() }
        treeRevision += 1
        coordinatorCounter += 1
        return CounterName.spell("c", coordinatorCounter)
    }
}
