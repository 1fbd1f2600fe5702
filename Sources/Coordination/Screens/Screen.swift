/// A screen, as a coordinator shows it: the server's view controller.
///
/// A screen has a name, its params (the view model's output, as JSON) and the
/// events it accepts. It never names another screen: it only reports events,
/// and the coordinator that showed it attaches the handler of each one and
/// decides what comes next.
///
/// ```swift
/// let login = Screen("login", title: "Sign in")
///     .on("login", label: "Sign in", role: .primary, fields: ["username": .string, "password": .string]) {
///         [unowned self] payload in
///         viewModel.login(username: payload.string("username"), password: payload.string("password"))
///     }
///     .on("forgotPassword", label: "Forgot password?") { [unowned self] _ in showForgotPassword() }
/// router.setRoot(login)
/// ```
///
/// The title, the labels and the roles are what a person reads and how a
/// client draws the controls (the session document's `title`, `label` and
/// `role`); a flow that gives none gets words made from the names
/// (``DefaultWording``). They never change what an event does.
public final class Screen {
    /// The contract name clients render by (`"login"`, `"rates"`).
    public let name: String
    /// What a person reads at the top of the screen, as a view controller's
    /// `title`: the flow's words, or the name made readable
    /// (``DefaultWording/title(ofScreen:)``), worked out when first read.
    /// Set it as the screen's content changes (a message's subject); the
    /// session document shows it with the event that set it.
    public var title: String {
        get {
            if let givenTitle { return givenTitle }
            let title = DefaultWording.title(ofScreen: name)
            givenTitle = title
            return title
        }
        set {
            givenTitle = newValue
            revision += 1
        }
    }
    /// The storage of ``title``: nil until the flow sets it or it is first read.
    private var givenTitle: String?
    /// The screen's current state. Change it with ``Router/update(_:params:)``
    /// so the change is versioned and recorded in the history. Unchecked
    /// like the properties below: only this module sets it, never while
    /// flow code runs inside an access to it.
    @exclusivity(unchecked) public internal(set) var params: JSONObject {
        didSet {
            measuredParams.forget()
            paramsRevision &+= 1
        }
    }
    // `@exclusivity(unchecked)`: see `Session`'s stored properties for why.
    /// The events declared with ``on(_:label:role:fields:perform:)``, in order.
    @exclusivity(unchecked) public internal(set) var events: [EventDeclaration] = []
    /// The first reserved name (`back`, `dismiss`) declared with ``on(_:label:role:fields:perform:)``:
    /// a flow error once the screen is on a stack. Known at declaration
    /// (``declaresReservedEvent``), so that checking every screen after every
    /// event compares no strings.
    var reservedDeclaration: String? {
        guard declaresReservedEvent else { return nil }
        return events.first { ReservedEvent(named: $0.name) != nil }?.name
    }
    /// Set when the screen is shown: unique in its session, stable for the screen's life.
    @exclusivity(unchecked) public internal(set) var id: String?
    /// The coordinator that showed the screen, set by its router.
    public internal(set) var coordinator: Coordinator? {
        get { owner?.coordinator }
        set { owner = newValue?.reference }
    }
    /// The storage of ``coordinator``, which it does not keep alive.
    @exclusivity(unchecked) private var owner: CoordinatorReference?

    /// ``coordinator``'s id, read without retaining it: nil while the
    /// screen is not shown, and once its coordinator is freed.
    var coordinatorID: String? { owner?.coordinatorID }

    /// Whether `coordinator` showed this screen: ``coordinator`` `=== coordinator`,
    /// compared without retaining either.
    func isOwned(by coordinator: Coordinator) -> Bool {
        guard let owner else { return false }
        return owner === coordinator.existingReference
    }
    /// Changes to events and flags so far: lets the session see whether a
    /// refused event changed a screen.
    @exclusivity(unchecked) private(set) var revision = 0
    /// Changes to ``params`` so far: a session document copies the params of
    /// a screen whose revision is what it was at the last render.
    @exclusivity(unchecked) private(set) var paramsRevision = 0
    /// ``params``' part of the session's byte budget (``ParamsByteCount``).
    var paramsBytes: ParamsByteCount {
        get { measuredParams }
        set { measuredParams = newValue }
    }
    /// The storage of ``paramsBytes``, private so that the compiler sees
    /// every access, as ``Coordinator``'s storage is.
    @exclusivity(unchecked) private var measuredParams = ParamsByteCount()

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
    @exclusivity(unchecked) private(set) var declaresReservedEvent = false
    /// Whether an event declared on this screen takes a field's choices
    /// from the params (``EventField/oneOf(path:value:label:)``): its
    /// `events` in the session document then change with the params.
    /// Stays true when such an event is declared again without them.
    @exclusivity(unchecked) private(set) var eventsReadParams = false

    /// A screen called `name`, titled `title` (nil: the name made
    /// readable), showing `params`.
    public init(_ name: String, title: String? = nil, params: JSONObject = JSONObject()) {
        self.name = name
        self.givenTitle = title
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
    ///
    /// `label` is what a person reads on the event's control and `role` how
    /// a client draws it, as SwiftUI's `Button("Archive", role: .destructive)`;
    /// without them the session document says ``DefaultWording/label(ofEvent:)``
    /// and ``DefaultWording/role(ofEvent:)``.
    @discardableResult
    public func on(
        _ event: String,
        label: String? = nil,
        role: EventRole? = nil,
        fields: EventFields = .none,
        perform handler: @escaping EventDeclaration.Handler
    ) -> Screen {
        let declaration = EventDeclaration(name: event, label: label, role: role, fields: fields, handler: handler)
        revision += 1
        if ReservedEvent(named: event) != nil { declaresReservedEvent = true }
        if fields.readsParams { eventsReadParams = true }
        if let index = events.firstIndex(where: { $0.name == event }) {
            events[index] = declaration
        } else {
            // Room for two at once: growing one at a time allocated again
            // at the second (~300 instructions), and room for three kept
            // 128 bytes unused in every session of a one-event screen.
            if events.capacity == 0 { events.reserveCapacity(2) }
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
        withDeclaration(named: name) { copy $0 }
    }

    /// Lends the declaration of event `name` to `body` without copying it
    /// (a copy retains its five references); nil when there is none.
    func withDeclaration<Result>(named name: String, _ body: (borrowing EventDeclaration) -> Result) -> Result? {
        // By index: `first(where:)` copied each declaration it passed.
        for index in events.indices where events[index].name == name { return body(events[index]) }
        return nil
    }
}

extension Screen {
    /// Drops every handler, breaking the cycles handlers may hold to their
    /// coordinator, when the session ends.
    func clearHandlers() {
        events.removeAll()
        declaresReservedEvent = false
        eventsReadParams = false
    }
}
