import Coordination

extension ExchangeFlow {
    /// The root of `exchange`: starts the rates list and, when it asks,
    /// a calculator for the chosen rate; when the calculator is done, tells
    /// the list which rate was viewed last.
    ///
    /// Links arrive here and are followed at once: `/rates` closes an open
    /// calculator, `/rates/{code}` replaces it with the one for `code`.
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

extension ExchangeFlow.AppCoordinator: DeepLinkHandler {
    func handle(_ route: ExchangeFlow.Route) -> LinkHandling {
        for case let calculator as ExchangeFlow.CalculatorCoordinator in childCoordinators {
            calculator.close()
        }
        switch route {
        case .rates: break
        case .calculator(let code):
            if let item = ExchangeFlow.rate(code: code) { showCalculator(for: item) }
        }
        return .followed
    }

    private func showCalculator(for item: ExchangeFlow.CurrencyRate) {
        let calculator = ExchangeFlow.CalculatorCoordinator(environment: environment, item: item)
        calculator.delegate = self
        startChild(calculator)
    }
}

extension ExchangeFlow.AppCoordinator: RatesCoordinatorDelegate {
    func ratesCoordinator(_ coordinator: ExchangeFlow.RatesCoordinator, didRequestDetailWith item: ExchangeFlow.CurrencyRate) {
        showCalculator(for: item)
    }
}

extension ExchangeFlow.AppCoordinator: CalculatorCoordinatorDelegate {
    func calculatorCoordinatorDidFinish(_ coordinator: ExchangeFlow.CalculatorCoordinator) {
        guard !isFinished else { return }
        rates?.showLastViewed(coordinator.item)
    }
}
