import Coordination

/// A modal flow: `cart` as a sheet, then `address`, `payment` and
/// `confirmation` pushed inside it. `done` or `cancel` dismisses and
/// finishes; the user's own `dismiss` at any step ends it too (the session
/// finishes a coordinator left without screens).
final class CheckoutCoordinator: Coordinator {
    /// Declared once: every session's screens share them (``EventFields``).
    private static let nextFields: EventFields = ["street": .string.description("Street and house number.")]
    /// A card number is at most 19 digits: 64 bytes leave room for spaces and dashes.
    private static let payFields: EventFields = ["card": .string(maxBytes: 64).label("Card number")]

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
        let payment = Screen("payment", title: "Payment", params: ["total": 21, "error": nil, "paying": false])
        payment.on("pay", label: "Pay", role: .primary, fields: Self.payFields) { [unowned self, unowned payment] payload in
            // The digits 0 to 9 only: a card number has no other numerals.
            let digits = payload.string("card").filter { $0.isASCII && $0.isNumber }
            guard digits.count >= 4 else {
                router.update(payment, params: ["total": 21, "error": "Enter a card number.", "paying": false])
                return
            }
            router.update(payment, params: ["total": 21, "error": nil, "paying": true])
            charge(card: payload.string("card"), ending: String(digits.suffix(4)), on: payment)
        }
        router.push(payment)
    }

    /// Asks the payment service (`payments.charge`): success confirms; a
    /// decline (402) keeps the payment screen with its reason.
    ///
    /// The payment screen is held weakly: the user may go back from it
    /// while the service answers, and then a failure has no screen to show
    /// on (the coordinator, still running, is unowned as usual).
    private func charge(card: String, ending: String, on payment: Screen) {
        perform(Effect("payments.charge", input: ["card": .string(card), "amount": 21])) { [unowned self, weak payment] outcome in
            switch outcome {
            case .success:
                showConfirmation(cardEnding: ending)
            case .failure(let failure):
                guard let payment else { return }
                router.update(payment, params: ["total": 21, "error": .string(Self.message(for: failure)), "paying": false])
            }
        }
    }

    /// What a person is told when the payment service answers `failure`.
    static func message(for failure: EffectFailure) -> String {
        switch failure.kind {
        case .rejected where failure.status == 402: failure.reason ?? "The card was declined."
        case .rejected: failure.reason ?? "The payment service refused the payment."
        case .unavailable, .timedOut: "The payment service is unavailable. Try again in a moment."
        case .interrupted: "The payment was interrupted. Try again."
        }
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
