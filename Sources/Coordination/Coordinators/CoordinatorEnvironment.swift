/// What every coordinator of one session shares: the navigation controller
/// its routers drive, the shared store, the context the session was started
/// with, and the counter that names coordinators.
///
/// A root coordinator gets it from the session; a parent hands its own to the
/// children it creates (`ProfileCoordinator(environment: environment)`), as
/// the seeds hand a `UINavigationController` down.
public final class CoordinatorEnvironment {
    public let navigation: NavigationController
    public let store: SharedStore
    /// The session's validated context, with the flow's defaults filled in.
    public let context: JSONObject
    /// The link a coordinator could not follow yet (``Coordinator/heldLink``).
    let heldLink = HeldLink()
    private let routerFactory: (Coordinator, NavigationController) -> Router
    private var coordinatorCounter = 0
    /// Changes to the coordinator tree so far (coordinators made, children
    /// added, removed, finished).
    private(set) var treeRevision = 0

    public convenience init(
        navigation: NavigationController = NavigationController(),
        store: SharedStore = SharedStore(),
        context: JSONObject = JSONObject()
    ) {
        self.init(navigation: navigation, store: store, context: context) {
            StackRouter(controller: $1, coordinator: $0)
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
        self.init(navigation: navigation, store: store, context: context) { coordinator, controller in
            RecordingRouter(
                wrapping: StackRouter(controller: controller, coordinator: coordinator),
                log: log, coordinatorType: coordinator.typeName)
        }
    }

    private init(
        navigation: NavigationController, store: SharedStore, context: JSONObject,
        routerFactory: @escaping (Coordinator, NavigationController) -> Router
    ) {
        self.navigation = navigation
        self.store = store
        self.context = context
        self.routerFactory = routerFactory
    }

    func makeRouter(for coordinator: Coordinator) -> Router {
        routerFactory(coordinator, navigation)
    }

    func treeDidChange() {
        treeRevision += 1
    }

    func nextCoordinatorID() -> String {
        treeRevision += 1
        coordinatorCounter += 1
        return "c\(coordinatorCounter)"
    }
}
