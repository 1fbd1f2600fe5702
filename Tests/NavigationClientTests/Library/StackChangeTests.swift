import NavigationClient
import TestSupport
import Testing

@Suite("StackChange: what moved from one document to the next", .timeLimit(.minutes(10)), .hangGuard)
struct StackChangeTests {
    typealias F = DocumentFixtures

    private let rates = F.screen("s1", .root, name: "rates")
    private let calculator = F.screen("s2", name: "calculator")

    private func changes(_ old: SessionDocument?, _ new: SessionDocument) -> [StackChange] {
        StackChange.changes(from: old, to: new)
    }

    @Test func theSameDocumentChangesNothing() {
        let document = F.document([rates, calculator])
        #expect(changes(document, document).isEmpty)
    }

    @Test func fromNothingEverySlotIsSetAndEveryModalPresented() {
        let cart = F.screen("m1", .sheet)
        let address = F.screen("m2")
        let document = F.document([rates, calculator, cart, address])
        #expect(
            changes(nil, document) == [
                .setRoot([rates, calculator], in: .stack),
                .present(Modal(level: 0, screens: [cart, address])),
            ])
    }

    @Test func pushAndPop() {
        let list = F.document([rates])
        let detail = F.document([rates, calculator], version: 2)
        #expect(changes(list, detail) == [.push(calculator, in: .stack)])
        #expect(changes(detail, list) == [.pop(to: rates, in: .stack)])
    }

    @Test func poppingSeveralIsOnePop() {
        let deep = F.document([rates, calculator, F.screen("s3"), F.screen("s4")])
        #expect(changes(deep, F.document([rates])) == [.pop(to: rates, in: .stack)])
    }

    @Test func aReplacedTopIsAPopThenAPush() {
        let other = F.screen("s3", name: "calculator")
        #expect(
            changes(F.document([rates, calculator]), F.document([rates, other])) == [.pop(to: rates, in: .stack), .push(other, in: .stack)])
    }

    @Test func aNewRootIsSetRoot() {
        let home = F.screen("s9", .root, name: "home")
        #expect(changes(F.document([rates, calculator]), F.document([home])) == [.setRoot([home], in: .stack)])
    }

    @Test func changedParamsAreAnUpdateInPlace() {
        var converted = calculator
        converted.params = ["result": 138_050]
        #expect(changes(F.document([rates, calculator]), F.document([rates, converted])) == [.update(converted, in: .stack)])
    }

    @Test func presentPushInsideAndDismiss() {
        let cart = F.screen("m1", .sheet)
        let address = F.screen("m2")
        let base = F.document([rates])
        let presented = F.document([rates, cart])
        let pushed = F.document([rates, cart, address])
        #expect(changes(base, presented) == [.present(Modal(level: 0, screens: [cart]))])
        #expect(changes(presented, pushed) == [.push(address, in: .modal(0))])
        #expect(changes(pushed, presented) == [.pop(to: cart, in: .modal(0))])
        #expect(changes(pushed, base) == [.dismiss(Modal(level: 0, screens: [cart, address]))])
    }

    @Test func modalsAreDismissedTopFirstBeforeAnythingUnderThem() {
        let sheet = F.screen("m1", .sheet)
        let cover = F.screen("f1", .fullScreen)
        let old = F.document([rates, sheet, cover])
        let new = F.document([rates, calculator])
        #expect(
            changes(old, new) == [
                .dismiss(Modal(level: 1, screens: [cover])), .dismiss(Modal(level: 0, screens: [sheet])), .push(calculator, in: .stack),
            ])
    }

    @Test func aModalReplacedByAnotherIsDismissedThenPresented() {
        let first = F.screen("m1", .sheet)
        let second = F.screen("m2", .sheet)
        #expect(
            changes(F.document([rates, first]), F.document([rates, second])) == [
                .dismiss(Modal(level: 0, screens: [first])), .present(Modal(level: 0, screens: [second])),
            ])
    }

    // MARK: - Containers

    private let mailboxes = F.screen("s1", .root, name: "mailboxes")
    private let empty = F.screen("s2", .root, name: "empty")
    private let settings = F.screen("s3", .root, name: "mailSettings")

    @Test func aMessageReadIsShowDetailInItsTab() {
        let message = F.screen("s5", .root, name: "message")
        let old = F.tabs(primary: [mailboxes], secondary: [empty], settings: [settings])
        let new = F.tabs(primary: [mailboxes], secondary: [message], settings: [settings])
        #expect(changes(old, new) == [.showDetail(message, tab: "mail")])
    }

    @Test func pushingInAColumn() {
        let messages = F.screen("s4", name: "messages")
        let old = F.tabs(primary: [mailboxes], secondary: [empty], settings: [settings])
        let new = F.tabs(primary: [mailboxes, messages], secondary: [empty], settings: [settings])
        #expect(changes(old, new) == [.push(messages, in: .primary(tab: "mail"))])
    }

    @Test func aTabSwitchComesBeforeWhatChangesInTheTabs() {
        let old = F.tabs(primary: [mailboxes], secondary: [empty], settings: [settings])
        var toggled = settings
        toggled.params = ["signature": false]
        let new = F.tabs(selected: "settings", primary: [mailboxes], secondary: [empty], settings: [toggled])
        #expect(changes(old, new) == [.selectTab("settings"), .update(toggled, in: .tab("settings"))])
    }

    @Test func aNewContainerStructureSetsEverySlot() {
        let login = F.document([F.screen("s0", .root, name: "login")])
        let tabs = F.tabs(primary: [mailboxes], secondary: [empty], settings: [settings])
        #expect(
            changes(login, tabs) == [
                .setRoot([mailboxes], in: .primary(tab: "mail")), .setRoot([empty], in: .secondary(tab: "mail")),
                .setRoot([settings], in: .tab("settings")), .selectTab("mail"),
            ])
    }

    @Test func aModalOverTabsIsPresentedWithoutTouchingTheTabs() {
        let compose = F.screen("c1", .sheet, name: "compose")
        let old = F.tabs(primary: [mailboxes], secondary: [empty], settings: [settings])
        let new = F.tabs(primary: [mailboxes], secondary: [empty], settings: [settings], modals: [compose])
        #expect(changes(old, new) == [.present(Modal(level: 0, screens: [compose]))])
    }
}
