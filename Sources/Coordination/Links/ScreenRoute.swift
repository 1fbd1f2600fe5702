/// A route that also names the screen it brings into view, the way a
/// SwiftUI app's `Route` enum is both what a link appends to `path` and
/// what `navigationDestination(for:)` switches over to build the view.
///
/// ```swift
/// extension ExchangeRoute: ScreenRoute {
///     var screenName: String {
///         switch self {
///         case .rates: "rates"
///         case .calculator: "calculator"
///         }
///     }
/// }
///
/// let calculator = Screen(ExchangeRoute.calculator(code: item.code), params: ...)
/// ```
/// The link and the screen a coordinator shows then name the same typed
/// value, so a route cannot point at a screen the flow does not build
/// under that name. Only the name reaches the session document.
public protocol ScreenRoute {
    /// The name of the screen following this route shows (`calculator`):
    /// the contract name clients render by.
    var screenName: String { get }
}

extension Screen {
    /// A screen named by `route`: `Screen(ExchangeRoute.calculator(code: "USD"))`
    /// is the screen called `calculator`, exactly as `Screen("calculator")`;
    /// `title` as in ``Screen/init(_:title:params:)``.
    public convenience init(_ route: some ScreenRoute, title: String? = nil, params: JSONObject = JSONObject()) {
        self.init(route.screenName, title: title, params: params)
    }
}
