import Coordination

extension ExchangeFlow {
    /// The root of `exchange`: starts the rates list and, when it asks,
    /// a calculator for the chosen rate; when the calculator is done, tells
    /// the list which rate was viewed last.
    final class AppCoordinator: Coordinator {
        private weak var rates: RatesCoordinator?

        override func start() {
            let rates = RatesCoordinator(environment: environment)
            rates.delegate = self
            self.rates = rates
            startChild(rates)
        }
    }
}

extension ExchangeFlow.AppCoordinator: RatesCoordinatorDelegate {
    func ratesCoordinator(_ coordinator: ExchangeFlow.RatesCoordinator, didRequestDetailWith item: ExchangeFlow.CurrencyRate) {
        let calculator = ExchangeFlow.CalculatorCoordinator(environment: environment, item: item)
        calculator.delegate = self
        startChild(calculator)
    }
}

extension ExchangeFlow.AppCoordinator: CalculatorCoordinatorDelegate {
    func calculatorCoordinatorDidFinish(_ coordinator: ExchangeFlow.CalculatorCoordinator) {
        guard !isFinished else { return }
        rates?.showLastViewed(coordinator.item)
    }
}
