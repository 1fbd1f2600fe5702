import Coordination

/// `exchange`: an exchange-rate calculator, the smallest built-in flow. A list of rates;
/// selecting one pushes a calculator for it.
public enum ExchangeFlow {
    public static let flow = Flow(
        name: "exchange",
        description: "Exchange rates; select one to convert amounts in a calculator.",
        links: Route.self
    ) { environment in
        AppCoordinator(environment: environment)
    }
    .sharingParams(.object(ratesParams), ratesJSON)

    /// One currency and its rate in won.
    struct CurrencyRate: Equatable {
        let code: String
        /// What a person calls it: the calculator's title and the currency's
        /// label among `select`'s choices (never in the params).
        let name: String
        let rate: Double
        /// `{"code", "rate"}`, built once per rate: every calculator's `item`
        /// param shares it instead of building its own on each `select`.
        let json: JSONValue

        init(code: String, name: String, rate: Double) {
            self.code = code
            self.name = name
            self.rate = rate
            json = ["code": .string(code), "rate": .number(rate)]
        }
    }

    static let rates = [
        CurrencyRate(code: "USD", name: "US dollar", rate: 1380.5),
        CurrencyRate(code: "EUR", name: "Euro", rate: 1495.2),
        CurrencyRate(code: "JPY", name: "Japanese yen", rate: 9.21),
        CurrencyRate(code: "GBP", name: "British pound", rate: 1752.8),
        CurrencyRate(code: "CNY", name: "Chinese yuan", rate: 190.4),
    ]

    /// `rates` as the `items` param of the rates screen, built once: every
    /// session shares this one copy (JSON values are copy-on-write) instead
    /// of holding its own, and the flow writes it once (``Flow/sharingParams(_:)``)
    /// instead of into every new session's document.
    static let ratesJSON: JSONValue = .array(rates.map(\.json))

    /// The rates screen's params as it starts, built once for the same
    /// reasons: a screen that marks its last viewed rate changes its own copy,
    /// whose `items` are still ``ratesJSON``.
    static let ratesParams: JSONObject = ["items": ratesJSON, "lastViewed": .null]
}
