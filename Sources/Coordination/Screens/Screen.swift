/// A screen, as a coordinator shows it: the server's view controller.
///
/// A screen has a name, its params (the view model's output, as JSON) and the
/// events it accepts. It never names another screen: it only reports events,
/// and the coordinator that showed it attaches the handler of each one and
/// decides what comes next.
///
/// ```swift
/// let login = Screen("login")
///     .on("login", fields: ["username": .string, "password": .string]) { [unowned self] payload in
///         viewModel.login(username: payload.string("username"), password: payload.string("password"))
///     }
///     .on("forgotPassword") { [unowned self] _ in showForgotPassword() }
/// router.setRoot(login)
/// ```
public final class Screen {
    /// The contract name clients render by (`"login"`, `"rates"`).
    public let name: String
    /// The screen's current state. Change it with ``Router/update(_:params:)``
    /// so the change is versioned and recorded in the history.
    public internal(set) var params: JSONObject {
        didSet {
            measuredParams.forget()
            paramsRevision &+= 1
        }
    }
    /// The events declared with ``on(_:fields:perform:)``, in order.
    public internal(set) var events: [EventDeclaration] = []
    /// The first reserved name (`back`, `dismiss`) declared with ``on(_:fields:perform:)``:
    /// a flow error once the screen is on a stack. Known at declaration
    /// (``declaresReservedEvent``), so that checking every screen after every
    /// event compares no strings.
    var reservedDeclaration: String? {
        guard declaresReservedEvent else { return nil }
        return events.first { ReservedEvent(named: $0.name) != nil }?.name
    }
    /// Set when the screen is shown: unique in its session, stable for the screen's life.
    public internal(set) var id: String?
    /// The coordinator that showed the screen, set by its router.
    public internal(set) var coordinator: Coordinator? {
        get { owner }
        set { owner = newValue }
    }
    /// The storage of ``coordinator``, private so that the compiler sees
    /// every access, as ``Coordinator``'s storage is.
    private weak var owner: Coordinator?
    /// Changes to events and flags so far: lets the session see whether a
    /// refused event changed a screen.
    private(set) var revision = 0
    /// Changes to ``params`` so far: a session document copies the params of
    /// a screen whose revision is what it was at the last render.
    private(set) var paramsRevision = 0
    /// ``params``' part of the session's byte budget (``ParamsByteCount``).
    var paramsBytes: ParamsByteCount {
        get { measuredParams }
        set { measuredParams = newValue }
    }
    /// The storage of ``paramsBytes``, private so that the compiler sees
    /// every access, as ``Coordinator``'s storage is.
    private var measuredParams = ParamsByteCount()

    /// Whether the user may pop this screen with `back` when it is pushed
    /// (UIKit's back button, `navigationBarBackButtonHidden` when false).
    public var allowsBack = true {
        didSet { revision += 1 }
    }
    /// Whether the user may dismiss the modal holding this screen with
    /// `dismiss` (SwiftUI's `interactiveDismissDisabled` when false).
    public var allowsDismiss = true {
        didSet { revision += 1 }
    }
    private var declaresReservedEvent = false

    public init(_ name: String, params: JSONObject = JSONObject()) {
        self.name = name
        self.params = params
    }

    /// Declares an event and the handler that runs when the client reports it.
    ///
    /// `fields` lists the payload's members in the order a client should show
    /// them; all are required and nothing else is accepted. A string field
    /// may be at most ``SessionLimits/maxStringFieldBytes`` long unless it is
    /// declared with its own limit, `["name": .string(maxBytes: 64)]` (see
    /// ``EventField``). The names `back` and `dismiss` are reserved (see
    /// ``ReservedEvent``): use ``allowsBack`` and ``allowsDismiss`` for
    /// those; a screen on the stack that declares one fails the event as a
    /// flow error.
    ///
    /// Fields declared the same way by every session are cheaper kept in a
    /// `static let` of type ``EventFields`` and passed as they are.
    @discardableResult
    public func on(
        _ event: String,
        fields: EventFields = .none,
        perform handler: @escaping EventDeclaration.Handler
    ) -> Screen {
        let declaration = EventDeclaration(name: event, fields: fields, handler: handler)
        revision += 1
        if ReservedEvent(named: event) != nil { declaresReservedEvent = true }
        if let index = events.firstIndex(where: { $0.name == event }) {
            events[index] = declaration
        } else {
            events.append(declaration)
        }
        return self
    }

    /// Hides the back button: the user cannot pop this screen with `back`.
    @discardableResult
    public func backDisabled(_ disabled: Bool = true) -> Screen {
        allowsBack = !disabled
        return self
    }

    /// Stops the user from dismissing this screen's modal with `dismiss`.
    @discardableResult
    public func interactiveDismissDisabled(_ disabled: Bool = true) -> Screen {
        allowsDismiss = !disabled
        return self
    }

    func declaration(named name: String) -> EventDeclaration? {
        events.first { $0.name == name }
    }
}

extension Screen {
    /// Drops every handler, breaking the cycles handlers may hold to their
    /// coordinator, when the session ends.
    func clearHandlers() {
        events.removeAll()
        declaresReservedEvent = false
    }
}
