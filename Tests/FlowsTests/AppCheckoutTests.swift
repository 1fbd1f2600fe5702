import CoordinationTesting
import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// `app`: the checkout modal — a sheet with screens pushed inside it, closed
/// by the flow (`done`, `cancel`) or by the user (`dismiss`) at any step.
/// Main hears how it ended through checkout's `onFinish` closure and shows
/// it on home as `lastCheckout`, in one `update(home)` right after the dismiss.
@Suite("app: checkout", .timeLimit(.minutes(10)), .hangGuard)
struct AppCheckoutTests {
    private let street: JSONObject = ["street": "1 Main St"]
    private let card: JSONObject = ["card": "4242 4242 4242 4242"]

    /// Logged in, at home, with no checkout yet.
    private func home() throws -> FlowSession {
        let app = try FlowSession.app(onboarded: true, token: "saved")
        #expect(app.stack == ["home:root"])
        #expect(app.params("home") == ["username": nil, "lastCheckout": nil])
        return app
    }

    /// The screens of the modal, in order, and the event that leads past each.
    private func walk(_ app: FlowSession, through depth: Int) throws {
        try app.send("checkout", on: "home")
        if depth > 1 { try app.send("next", on: "cart") }
        if depth > 2 { try app.send("next", on: "address", street) }
        if depth > 3 { try app.send("pay", on: "payment", card) }
    }

    // MARK: - The happy path

    @Test func checkoutFromCartToConfirmationAndDone() throws {
        let app = try home()
        #expect(try app.send("checkout", on: "home") == ["CheckoutCoordinator: present(cart, sheet)"])
        #expect(app.stack == ["home:root", "cart:sheet"])
        #expect(try app.acceptedEvents == ["next", "cancel", "dismiss"])
        #expect(app.params("cart")?["total"] == 21)
        #expect(app.tree == "AppCoordinator[MainCoordinator[CheckoutCoordinator]]")

        #expect(try app.send("next", on: "cart") == ["CheckoutCoordinator: push(address)"])
        #expect(try app.acceptedEvents == ["next", "back", "dismiss"])
        #expect(try app.send("next", on: "address", street) == ["CheckoutCoordinator: push(payment)"])
        #expect(try app.acceptedEvents == ["pay", "back", "dismiss"])
        // Paying shows on the payment screen; the service's answer confirms.
        #expect(
            try app.send("pay", on: "payment", card) == ["CheckoutCoordinator: update(payment)", "CheckoutCoordinator: push(confirmation)"])
        #expect(app.stack == ["home:root", "cart:sheet", "address:push", "payment:push", "confirmation:push"])
        #expect(try app.acceptedEvents == ["done"])
        #expect(app.params("confirmation") == ["street": "1 Main St", "card": "•••• 4242", "total": 21])

        #expect(app.params("home") == ["username": nil, "lastCheckout": nil])
        #expect(try app.send("done", on: "confirmation") == ["CheckoutCoordinator: dismiss", "MainCoordinator: update(home)"])
        #expect(app.stack == ["home:root"])
        #expect(app.params("home") == ["username": nil, "lastCheckout": "completed"])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
        // Five events, the payment service's answer, and `done`.
        #expect(app.version == 7)
    }

    @Test func confirmationOffersNoWayBack() throws {
        let app = try home()
        try walk(app, through: 4)
        #expect(app.refusal("back", on: "confirmation")?.acceptedEvents == ["done"])
        #expect(app.refusal("dismiss", on: "confirmation")?.kind == .eventNotAccepted)
    }

    // MARK: - Validation inside the modal

    @Test func anEmptyStreetStaysOnAddress() throws {
        let app = try home()
        try walk(app, through: 2)
        #expect(try app.send("next", on: "address", ["street": "   "]) == ["CheckoutCoordinator: update(address)"])
        #expect(app.params("address") == ["error": "Enter a street."])
        #expect(app.stack.last == "address:push")
    }

    @Test func aDeclinedCardStaysOnPaymentWithTheReason() throws {
        let app = try home()
        try walk(app, through: 3)
        let calls = try app.send("pay", on: "payment", ["card": "4000 0000 0000 0002"])
        #expect(calls == ["CheckoutCoordinator: update(payment)", "CheckoutCoordinator: update(payment)"])
        #expect(app.stack.last == "payment:push")
        #expect(app.params("payment") == ["total": 21, "error": "Your card was declined.", "paying": false])
        // Another card goes through.
        try app.send("pay", on: "payment", ["card": "4242 4242 4242 4242"])
        #expect(app.stack.last == "confirmation:push")
    }

    @Test func whileThePaymentServiceAnswersThePaymentScreenSaysSo() throws {
        let app = try home()
        try walk(app, through: 3)
        app.performsEffects = false
        try app.send("pay", on: "payment", ["card": "4242"])
        #expect(app.params("payment") == ["total": 21, "error": nil, "paying": true])
        #expect(app.session.pendingEffects.map(\.name) == ["payments.charge"])
        #expect(app.session.pendingEffects.first?.input == ["card": "4242", "amount": 21])
        // The user leaves the checkout first: its answer is dropped.
        try app.send("dismiss", on: "payment")
        #expect(app.session.pendingEffects.isEmpty)
        let delivery = try app.session.deliver(.success(["charge": "x"]), to: "e1")
        #expect(delivery.delivery == .dropped)
        #expect(app.stack == ["home:root"])
    }

    /// Back from payment while the service answers: a failure has no screen
    /// to show on and changes nothing; a success still confirms the order.
    @Test(arguments: [false, true])
    func anAnswerAfterTheUserWentBackFromPayment(succeeds: Bool) throws {
        let app = try home()
        try walk(app, through: 3)
        app.performsEffects = false
        try app.send("pay", on: "payment", ["card": "4242"])
        try app.send("back", on: "payment")
        #expect(app.stack == ["home:root", "cart:sheet", "address:push"])
        let outcome: EffectOutcome = succeeds ? .success(["charge": "x"]) : .failure(EffectFailure(.timedOut))
        try app.session.deliver(outcome, to: "e1")
        if succeeds {
            #expect(app.stack == ["home:root", "cart:sheet", "address:push", "confirmation:push"])
            #expect(app.params("confirmation") == ["street": "1 Main St", "card": "•••• 4242", "total": 21])
        } else {
            #expect(app.stack == ["home:root", "cart:sheet", "address:push"])
        }
        #expect(try app.session.replayedFromJournal().document() == app.session.document())
    }

    @Test func anUnavailablePaymentServiceIsSaidInWordsForAPerson() throws {
        let app = try home()
        try walk(app, through: 3)
        app.performsEffects = false
        try app.send("pay", on: "payment", ["card": "4242"])
        try app.session.deliver(.failure(EffectFailure(.timedOut)), to: "e1")
        #expect(app.params("payment")?["error"] == "The payment service is unavailable. Try again in a moment.")
        #expect(app.params("payment")?["paying"] == false)
    }

    @Test(arguments: ["", "card", "12 3", "١٢٣٤ ½"])
    func aCardWithoutFourDigitsStaysOnPayment(card: String) throws {
        let app = try home()
        try walk(app, through: 3)
        #expect(try app.send("pay", on: "payment", ["card": .string(card)]) == ["CheckoutCoordinator: update(payment)"])
        #expect(app.params("payment") == ["total": 21, "error": "Enter a card number.", "paying": false])
    }

    @Test func aCardNumberHasAtMost64Bytes() throws {
        let app = try home()
        try walk(app, through: 3)
        let error = app.refusal("pay", on: "payment", ["card": .string(String(repeating: "4", count: 65))])
        #expect(error?.fieldProblems.map(\.field) == ["card"])
        try app.send("pay", on: "payment", ["card": .string(String(repeating: "4", count: 64))])
        #expect(app.stack.last == "confirmation:push")
    }

    @Test func theStreetMustBeAString() throws {
        let app = try home()
        try walk(app, through: 2)
        let error = app.refusal("next", on: "address", ["street": 12])
        #expect(error?.fieldProblems == [FieldProblem(field: "street", message: "must be a string, not number")])
    }

    // MARK: - Leaving early

    @Test(arguments: 1...3)
    func userDismissAtAnyStepClosesTheWholeModalInOneCall(depth: Int) throws {
        let app = try home()
        try walk(app, through: depth)
        #expect(app.stack.count == depth + 1)
        let topName = try #require(app.topScreen?.name)
        let checkout = Weak(try #require(app.session.root.childCoordinators.first?.childCoordinators.first))
        let before = app.version

        #expect(try app.send("dismiss", on: topName) == ["CheckoutCoordinator: dismiss [user]", "MainCoordinator: update(home)"])
        let entries = app.session.history.entries(since: before).entries
        #expect(entries.map { "\($0.operation.rawValue)(\($0.screen))" } == ["dismiss(cart)", "update(home)"])
        #expect(app.stack == ["home:root"])
        #expect(app.params("home") == ["username": nil, "lastCheckout": "dismissed"])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
        #expect(checkout.object == nil)
    }

    @Test func cancelDismissesAndFinishes() throws {
        let app = try home()
        try walk(app, through: 1)
        #expect(try app.send("cancel", on: "cart") == ["CheckoutCoordinator: dismiss", "MainCoordinator: update(home)"])
        #expect(app.stack == ["home:root"])
        #expect(app.params("home") == ["username": nil, "lastCheckout": "cancelled"])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
    }

    @Test func backInsideTheModalStepsBackWithoutClosingIt() throws {
        let app = try home()
        try walk(app, through: 3)
        #expect(try app.send("back", on: "payment") == ["CheckoutCoordinator: pop [user]"])
        #expect(try app.send("back", on: "address") == ["CheckoutCoordinator: pop [user]"])
        #expect(app.stack == ["home:root", "cart:sheet"])
        #expect(app.tree == "AppCoordinator[MainCoordinator[CheckoutCoordinator]]")
        #expect(app.params("home") == ["username": nil, "lastCheckout": nil])
        #expect(app.refusal("back", on: "cart")?.kind == .eventNotAccepted)
    }

    @Test func aSecondCheckoutStartsFresh() throws {
        let app = try home()
        try walk(app, through: 4)
        try app.send("done", on: "confirmation")
        try walk(app, through: 4)
        #expect(app.params("confirmation") == ["street": "1 Main St", "card": "•••• 4242", "total": 21])
        #expect(app.session.root.childCoordinators.first?.childCoordinators.map(\.id) == ["c4"])
        #expect(app.params("home") == ["username": nil, "lastCheckout": "completed"])
    }

    /// Each checkout's outcome replaces the last one on home.
    @Test func homeShowsHowTheLastCheckoutEnded() throws {
        let app = try home()
        try walk(app, through: 2)
        try app.send("dismiss", on: "address")
        #expect(app.params("home")?["lastCheckout"] == "dismissed")
        try walk(app, through: 4)
        try app.send("done", on: "confirmation")
        #expect(app.params("home")?["lastCheckout"] == "completed")
        try walk(app, through: 1)
        try app.send("cancel", on: "cart")
        #expect(app.params("home") == ["username": nil, "lastCheckout": "cancelled"])
        // Home's three, and the payment screen's "paying".
        #expect(app.session.history.entries.filter { $0.operation == .update }.map(\.screen) == ["home", "payment", "home", "home"])
        #expect(app.tree == "AppCoordinator[MainCoordinator]")
    }
}
