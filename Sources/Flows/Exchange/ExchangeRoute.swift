import Coordination

extension ExchangeFlow {
    /// The links of `exchange`, typed: the list alone, or the calculator for
    /// one currency. A code the list does not have is refused while the
    /// link is parsed, before any coordinator sees it.
    ///
    /// A route also names the screen it shows (``ScreenRoute``): the
    /// coordinators build `rates` and `calculator` from these values.
    enum Route: DeepLinkRoute, ScreenRoute, Equatable {
        case rates
        case calculator(code: String)

        static let patterns = [
            LinkPattern("/rates", description: "The list of rates alone: an open calculator is closed."),
            LinkPattern("/rates/{code}", description: "The calculator for one currency code, replacing any open calculator."),
        ]

        init(link: DeepLink) throws(LinkRejection) {
            switch link.pattern {
            case "/rates/{code}":
                let code = link["code"]
                guard ExchangeFlow.rate(code: code) != nil else {
                    throw LinkRejection("unknown currency code '\(code)'; known codes: \(ExchangeFlow.codes.joined(separator: ", "))")
                }
                self = .calculator(code: code)
            default:
                self = .rates
            }
        }

        var screenName: String {
            switch self {
            case .rates: "rates"
            case .calculator: "calculator"
            }
        }
    }

    /// The rate of `code`, if the list has it.
    static func rate(code: String) -> CurrencyRate? {
        rates.first { $0.code == code }
    }

    /// The codes of the list, in its order: the values `select` accepts.
    static let codes = rates.map(\.code)
}
