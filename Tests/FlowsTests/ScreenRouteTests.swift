import TestSupport
import Testing

@testable import Coordination
@testable import Flows

/// A flow's route names both the link and the screen it brings into view,
/// as a SwiftUI app's `Route` enum does: following a link
/// shows the screen its route names, built by the coordinators from the
/// same typed value.
@Suite("Routes name screens", .timeLimit(.minutes(10)), .hangGuard)
struct ScreenRouteTests {
    @Test func aScreenBuiltFromARouteHasTheRoutesScreenName() {
        #expect(Screen(ExchangeFlow.Route.calculator(code: "USD")).name == "calculator")
        #expect(Screen(ExchangeFlow.Route.rates, params: ["items": []]).params == ["items": []])
        #expect(Screen(MailFlow.Route.mailbox(id: "inbox")).name == "messages")
        #expect(Screen(MailFlow.Route.message(id: "m1")).name == "message")
    }

    @Test(arguments: ["/rates", "/rates/USD", "/rates/CNY"])
    func anExchangeLinkShowsTheScreenItsRouteNames(link: String) throws {
        let route = try ExchangeFlow.Route(link: ExchangeFlow.flow.link(link))
        let flow = try FlowSession.exchange()
        try flow.send("select", on: "rates", ["code": "EUR"])
        try flow.open(link)
        #expect(flow.topScreen?.name == route.screenName)
        if case .calculator(let code) = route {
            #expect(flow.params(route.screenName)?["item"]?["code"]?.stringValue == code)
        }
    }

    @Test(arguments: ["/mailboxes/inbox", "/mailboxes/archive", "/messages/m2", "/messages/m4"])
    func aMailLinkShowsTheScreenItsRouteNames(link: String) throws {
        let route = try MailFlow.Route(link: MailFlow.flow.link(link))
        let mail = try FlowSession.mail()
        try mail.sendVisible("selectTab", on: "mailboxes", ["tab": "settings"])
        try mail.open(link)
        let shown = try #require(mail.visible.first { $0.name == route.screenName })
        switch route {
        case .mailbox(let id): #expect(shown.params["mailbox"]?.stringValue == id)
        case .message(let id): #expect(shown.params["id"]?.stringValue == id)
        }
    }
}
