import CoordinationTesting

/// A small flow for the kit's own tests: a catalog, an item's detail
/// pushed by a child coordinator, an order placed through an effect and a
/// receipt presented over it, and `/items/{item}` links. ``leaky`` keeps
/// every detail coordinator it ever started: a leak a walk must find.
enum ShopFlow {
    static let items = ["tea", "cake", "jam"]

    static let flow = make(name: "shop", keepsFinishedDetails: false)
    static let leaky = make(name: "leaky-shop", keepsFinishedDetails: true)

    private static func make(name: String, keepsFinishedDetails: Bool) -> Flow {
        Flow(name: name, description: "A shop.", links: ItemRoute.self) { environment in
            ShopCoordinator(environment: environment, keepsFinishedDetails: keepsFinishedDetails)
        }
    }

    enum ItemRoute: DeepLinkRoute {
        case item(String)

        static let patterns = [LinkPattern("/items/{item}", description: "An item's detail over the catalog.")]

        init(link: DeepLink) throws(LinkRejection) {
            let item = link["item"]
            guard ShopFlow.items.contains(item) else { throw LinkRejection("no item '\(item)'") }
            self = .item(item)
        }
    }
}

final class ShopCoordinator: Coordinator, DeepLinkHandler {
    private let keepsFinishedDetails: Bool
    /// The leak, when asked for: a strong reference to each detail, never let go.
    private var keptDetails: [DetailCoordinator] = []
    private static let openFields: EventFields = ["item": .string(oneOf: ShopFlow.items)]

    init(environment: CoordinatorEnvironment, keepsFinishedDetails: Bool) {
        self.keepsFinishedDetails = keepsFinishedDetails
        super.init(environment: environment)
    }

    override func start() {
        router.setRoot(
            Screen("catalog", title: "Catalog").on("open", fields: Self.openFields) { [unowned self] payload in
                showDetail(payload.string("item"))
            })
    }

    func handle(_ route: ShopFlow.ItemRoute) -> LinkHandling {
        guard case .item(let item) = route else { return .followed }
        for case let detail as DetailCoordinator in childCoordinators { detail.close() }
        showDetail(item)
        return .followed
    }

    private func showDetail(_ item: String) {
        let detail = DetailCoordinator(environment: environment, item: item)
        if keepsFinishedDetails { keptDetails.append(detail) }
        startChild(detail)
    }
}

final class DetailCoordinator: Coordinator {
    let item: String
    private static let noteFields: EventFields = ["note": .string]

    init(environment: CoordinatorEnvironment, item: String) {
        self.item = item
        super.init(environment: environment)
    }

    override func start() {
        router.push(
            Screen("detail", title: item.capitalized, params: ["item": .string(item)])
                .on("buy") { [unowned self] _ in try buy() }
                .on("note", fields: Self.noteFields) { payload in
                    guard !payload.string("note").allSatisfy(\.isWhitespace) else {
                        throw EventRejection("a note cannot be blank")
                    }
                })
    }

    func close() {
        router.popToRoot()
    }

    /// One order at a time: a second `buy` while one is placed is refused.
    private var ordering = false

    private func buy() throws(EventRejection) {
        guard !ordering else { throw EventRejection("an order is being placed") }
        ordering = true
        perform(Effect("orders.place", input: ["item": .string(item)])) { [weak self] outcome in
            guard let self, !self.isFinished else { return }
            ordering = false
            switch outcome {
            case .success(let order):
                router.present(
                    Screen("receipt", params: ["order": order]).on("done") { [unowned self] _ in
                        router.dismiss()
                        router.pop()
                    })
            case .failure(let failure):
                router.present(Screen("orderFailed", params: ["reason": .string(failure.message)]))
            }
        }
    }
}
