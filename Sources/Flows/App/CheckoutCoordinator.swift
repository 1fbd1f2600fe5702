import Coordination

/// A modal flow: `cart` as a sheet, then `address`, `payment` and
/// `confirmation` pushed inside it. `done` or `cancel` dismisses and
/// finishes; the user's own `dismiss` at any step ends it too (the session
/// finishes a coordinator left without screens).
final class CheckoutCoordinator: Coordinator {
    /// Declared once: every session's screens share them (``EventFields``).
    private static let nextFields: EventFields = ["street": .string.description("Street and house number.")]
    private static let payFields: EventFields = ["card": .string.label("Card number")]

    private static let items: JSONValue = [
        ["sku": "tea", "name": "Green tea", "quantity": 2, "price": 4.5],
        ["sku": "mug", "name": "Mug", "quantity": 1, "price": 12],
    ]
    /// How the flow ended, for the closure that hears of it.
    enum Outcome: String {
        case completed, cancelled, dismissed
    }

    /// `dismissed` until `done` or `cancel` says otherwise: the user's own
    /// `dismiss` ends the flow without asking this coordinator.
    private(set) var outcome = Outcome.dismissed
    private var street = ""

    override func start() {
        let cart = Screen("cart", title: "Cart", params: ["items": Self.items, "total": 21])
            .on("next", label: "Continue", role: .primary) { [unowned self] _ in showAddress() }
            .on("cancel", label: "Cancel", role: .cancel) { [unowned self] _ in close(.cancelled) }
        router.present(cart, style: .sheet)
    }

    private func showAddress() {
        let address = Screen("address", title: "Delivery address", params: ["error": nil])
        address.on("next", label: "Continue", role: .primary, fields: Self.nextFields) { [unowned self, unowned address] payload in
            let street = payload.string("street")
            guard !street.allSatisfy(\.isWhitespace) else {
                router.update(address, "error", to: "Enter a street.")
                return
            }
            self.street = street
            showPayment()
        }
        router.push(address)
    }

    private func showPayment() {
        let payment = Screen("payment", title: "Payment", params: ["total": 21, "error": nil])
        payment.on("pay", label: "Pay", role: .primary, fields: Self.payFields) { [unowned self, unowned payment] payload in
            let digits = payload.string("card").filter(\.isNumber)
            guard digits.count >= 4 else {
                router.update(payment, "error", to: "Enter a card number.")
                return
            }
            showConfirmation(cardEnding: String(digits.suffix(4)))
        }
        router.push(payment)
    }

    private func showConfirmation(cardEnding: String) {
        let confirmation = Screen(
            "confirmation", title: "Order placed",
            params: ["street": .string(street), "card": .string("•••• \(cardEnding)"), "total": 21]
        )
        .on("done", label: "Done", role: .primary) { [unowned self] _ in close(.completed) }
        .backDisabled()
        .interactiveDismissDisabled()
        router.push(confirmation)
    }

    private func close(_ outcome: Outcome) {
        self.outcome = outcome
        router.dismiss()
        finish()
    }
}
