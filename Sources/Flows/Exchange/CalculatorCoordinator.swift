import Coordination

protocol CalculatorCoordinatorDelegate: AnyObject {
    func calculatorCoordinatorDidFinish(_ coordinator: ExchangeFlow.CalculatorCoordinator)
}

extension ExchangeFlow {
    /// Pushes `calculator` for one rate. `convert` computes in place; when
    /// the screen is gone, by `close` or by the user's `back`, it reports
    /// that it finished.
    final class CalculatorCoordinator: Coordinator {
        /// Declared once: every session's screens share them (``EventFields``).
        private static let convertFields: EventFields = [
            "amount": .number.description("How much of the currency to convert to won.")
        ]

        weak var delegate: CalculatorCoordinatorDelegate?
        let item: CurrencyRate

        init(environment: CoordinatorEnvironment, item: CurrencyRate) {
            self.item = item
            super.init(environment: environment)
        }

        override func start() {
            let calculator = Screen(
                Route.calculator(code: item.code), title: item.name, params: ["item": item.json, "amount": nil, "result": nil])
            calculator
                .on("convert", label: "Convert", role: .primary, fields: Self.convertFields) { [unowned self, unowned calculator] payload in
                    let amount = payload.number("amount")
                    var params = calculator.params
                    params["amount"] = .number(amount)
                    params["result"] = .number((amount * item.rate * 100).rounded() / 100)
                    router.update(calculator, params: params)
                }
                .on("close", label: "Close", role: .cancel) { [unowned self] _ in close() }
            router.push(calculator)
        }

        /// Pops the calculator and finishes: the `close` event, and what a
        /// link that replaces the calculator does.
        func close() {
            router.pop()
            finish()
        }

        override func finish() {
            guard !isFinished else { return }
            super.finish()
            delegate?.calculatorCoordinatorDidFinish(self)
        }
    }
}
