import Coordination

protocol RatesCoordinatorDelegate: AnyObject {
    func ratesCoordinator(_ coordinator: ExchangeFlow.RatesCoordinator, didRequestDetailWith item: ExchangeFlow.CurrencyRate)
}

extension ExchangeFlow {
    /// The `rates` list. Selecting a rate asks the delegate for its detail:
    /// the list never knows the calculator exists.
    final class RatesCoordinator: Coordinator {
        weak var delegate: RatesCoordinatorDelegate?
        /// Weak: the stack owns the screen.
        private weak var rates: Screen?
        /// Declared once: every session's rates screen shares them. The
        /// codes are offered by the currencies' names.
        private static let selectFields: EventFields = [
            "code": .string(oneOf: ExchangeFlow.rates.map { (value: $0.code, label: $0.name) }).label("Currency")
        ]

        override func start() {
            let rates = Screen(Route.rates, title: "Exchange rates", params: ExchangeFlow.ratesParams)
            rates.on("select", label: "Select", fields: Self.selectFields) { [unowned self] payload in
                let code = payload.string("code")
                guard let item = ExchangeFlow.rates.first(where: { $0.code == code }) else {
                    let known = ExchangeFlow.rates.map(\.code).joined(separator: ", ")
                    throw EventRejection("unknown currency code '\(code)'; known codes: \(known)")
                }
                delegate?.ratesCoordinator(self, didRequestDetailWith: item)
            }
            self.rates = rates
            router.setRoot(rates)
        }

        /// Marks `item` as the rate the user looked at last.
        func showLastViewed(_ item: CurrencyRate) {
            guard let rates, !isFinished else { return }
            router.update(rates, "lastViewed", to: .string(item.code))
        }
    }
}
