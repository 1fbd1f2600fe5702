import TestSupport
import Testing

@testable import NavigationClient

/// What a document shows and what a person can touch, as
/// docs/api.md#containers-tab-bars-and-split-views says: the top of the stack, or with
/// containers the top of each column of the selected tab, or the top modal.
@Suite("Session documents: slots, modals and the screens a person can touch", .timeLimit(.minutes(10)), .hangGuard)
struct VisibilityTests {
    typealias F = DocumentFixtures

    @Test func aPlainStackHasOneSlotAndItsTopIsActive() {
        let document = F.document([F.screen("s1", .root), F.screen("s2")])
        #expect(document.slots == [.stack])
        #expect(F.ids(document.screens(in: .stack)) == ["s1", "s2"])
        #expect(F.ids(document.activeScreens) == ["s2"])
        #expect(document.modals.isEmpty)
        #expect(document.tabs.isEmpty && document.selectedTab == nil)
        #expect(document.slot(of: "s1") == .stack)
    }

    @Test func modalsGroupTheirPushesAndCoverEverything() {
        let document = F.document([
            F.screen("s1", .root), F.screen("s2"), F.screen("m1", .sheet), F.screen("m2"), F.screen("f1", .fullScreen),
        ])
        #expect(document.slots == [.stack, .modal(0), .modal(1)])
        #expect(F.ids(document.screens(in: .stack)) == ["s1", "s2"])
        #expect(document.modals.map(\.id) == ["m1", "f1"])
        #expect(F.ids(document.modals[0].screens) == ["m1", "m2"])
        #expect(document.modals[1].style == .fullScreen)
        #expect(document.visibleSlots == [.modal(1)])
        #expect(document.selectedSlots == [.stack])
        #expect(F.ids(document.activeScreens) == ["f1"])
        #expect(document.slot(of: "m2") == .modal(0))
        #expect(document.screens(in: .modal(2)).isEmpty)
        #expect(document.screens(in: .modal(-1)).isEmpty)
    }

    @Test func aTabBarWithASplitViewShowsBothColumnsOfTheSelectedTab() {
        let document = F.tabs(
            primary: [F.screen("s1", .root), F.screen("s4")], secondary: [F.screen("s2", .root)], settings: [F.screen("s3", .root)])
        #expect(document.slots == [.primary(tab: "mail"), .secondary(tab: "mail"), .tab("settings")])
        #expect(document.selectedTab == "mail")
        #expect(document.tabs.map(\.title) == ["Mail", "Settings"])
        #expect(document.visibleSlots == [.primary(tab: "mail"), .secondary(tab: "mail")])
        #expect(F.ids(document.activeScreens) == ["s4", "s2"])
        #expect(F.ids(document.screens(in: .tab("settings"))) == ["s3"])
        #expect(document.screens(in: .tab("mail")).isEmpty, "mail is a split view, not a stack")
        #expect(document.screen(id: "s3")?.id == "s3", "a screen of another tab is found in the layout")
        #expect(document.slot(of: "s3") == .tab("settings"))
    }

    @Test func theOtherTabIsActiveOnceSelected() {
        let document = F.tabs(
            selected: "settings", primary: [F.screen("s1", .root)], secondary: [F.screen("s2", .root)], settings: [F.screen("s3", .root)])
        #expect(F.ids(document.activeScreens) == ["s3"])
        #expect(F.ids(document.stack) == ["s3"])
    }

    @Test func aModalOverATabBarIsAllThatIsActive() {
        let document = F.tabs(
            primary: [F.screen("s1", .root)], secondary: [F.screen("s2", .root)], settings: [F.screen("s3", .root)],
            modals: [F.screen("c1", .sheet)])
        #expect(F.ids(document.activeScreens) == ["c1"])
        #expect(document.selectedSlots == [.primary(tab: "mail"), .secondary(tab: "mail")])
    }

    // MARK: - Local changes

    @Test func removingScreensTakesThemOffTheStackAndTheLayout() {
        let document = F.tabs(
            primary: [F.screen("s1", .root), F.screen("s4")], secondary: [F.screen("s2", .root)], settings: [F.screen("s3", .root)])
        let popped = document.removingScreens(["s4"])
        #expect(F.ids(popped.stack) == ["s1", "s2"])
        #expect(F.ids(popped.screens(in: .primary(tab: "mail"))) == ["s1"])
        #expect(popped.version == document.version)
    }

    @Test func selectingATabShowsItsScreensUnderTheModals() {
        let document = F.tabs(
            primary: [F.screen("s1", .root)], secondary: [F.screen("s2", .root)], settings: [F.screen("s3", .root)],
            modals: [F.screen("c1", .sheet)])
        let selected = document.selectingTab("settings")
        #expect(selected.selectedTab == "settings")
        #expect(F.ids(selected.stack) == ["s3", "c1"])
        #expect(selected.selectingTab("nowhere") == selected)
    }
}
