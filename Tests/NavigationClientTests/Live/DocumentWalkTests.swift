import Coordination
import FlowTestSupport
import Flows
import Foundation
import NavigationClient
import TestSupport
import Testing

@testable import navigation_client

/// Every document that random walks over the built-in flows produce is decoded by the
/// library, and the walk is driven by what the decoded documents say: the screens the
/// library finds touchable, their events and fields. The engine accepting every such
/// event shows that the library reads visibility as the server means it; replaying the
/// ``StackChange`` values between documents must rebuild each next document's slots.
@Suite("Session documents: decoding every document of random walks", .timeLimit(.minutes(10)), .hangGuard)
struct DocumentWalkTests {
    private static let sessionsPerFlow = 40
    private static let eventsPerSession = 50
    private static let links = [
        "app": ["/home", "/profile", "/settings", "/checkout"],
        "exchange": ["/rates", "/rates/USD", "/rates/JPY"],
        "mail": ["/mailboxes/inbox", "/mailboxes/archive", "/messages/m1", "/messages/m3"],
    ]

    @Test(arguments: ["app", "exchange", "mail"])
    func randomWalk(flowName: String) throws {
        let flow = try #require(BuiltinFlows.all.first { $0.name == flowName })
        var decoded = 0
        var names: Set<String> = []
        for index in 0..<Self.sessionsPerFlow {
            let seed = UInt64(index) &* 7919 &+ UInt64(flowName.utf8.count)
            var payloads = WalkPayloads(generator: SplitMix64(seed: seed))
            var rng = SplitMix64(seed: ~seed)
            let context: JSON.JSONValue? =
                flowName == "app" ? ["onboarded": .bool(rng.chance(50)), "token": rng.chance(50) ? "saved" : nil] : nil
            let session = try Session(id: "walk-\(seed)", flow: flow, context: context)
            var previous: SessionDocument?
            for step in 0..<Self.eventsPerSession {
                let place = "\(flowName) seed \(seed) step \(step)"
                let document = try SessionDocument(json: session.document())
                decoded += 1
                names.formUnion(document.stack.map(\.name))
                #expect(document.version == session.version, "\(place)")
                // Foundation's encoder does not keep member order, so the fields of an event may come back reordered.
                let again = try SessionDocument(json: JSONEncoder().encode(document))
                #expect(again.sortingFields() == document.sortingFields(), "\(place): a round trip changed it")
                var replay = previous.map(StackReplay.init) ?? StackReplay()
                replay.apply(StackChange.changes(from: previous, to: document))
                let differences = replay.differences(from: document)
                #expect(differences.isEmpty, "\(place): \(differences)")
                _ = SessionText.render(document, menu: EventMenu(document))
                previous = document

                if rng.chance(10), let link = payloads.pick(Self.links[flowName] ?? []) {
                    // A link the flow cannot follow now may be refused; the next document is decoded all the same.
                    try? session.open(link: link)
                    continue
                }
                guard let action = payloads.pick(payloads.actions(in: document)) else { break }
                let payload = try JSON.JSONParser.parse(ClientJSON.object(action.payload).jsonText).objectValue ?? [:]
                do {
                    try session.send(
                        ClientEvent(screen: action.screen, event: action.event, payload: payload), expectedVersion: document.version)
                    try DemoEffects.answerPending(of: session)
                } catch {
                    Issue.record("\(place): '\(action.event)' on \(action.screen), which the document offers, was refused: \(error)")
                    break
                }
            }
        }
        #expect(decoded > Self.sessionsPerFlow * 10)
        let expected: Set<String> =
            switch flowName {
            case "app": ["welcome", "login", "home", "cart", "confirmation"]
            case "exchange": ["rates", "calculator"]
            default: ["mailboxes", "messages", "message", "compose", "mailSettings"]
            }
        #expect(expected.isSubset(of: names), "the walks reached \(names.sorted())")
    }
}

extension SessionDocument {
    /// The document with every event's fields in name order, in the stack and the layout.
    fileprivate func sortingFields() -> SessionDocument {
        var document = self
        document.stack = Self.sortingFields(stack)
        document.layout = layout.map(Self.sortingFields)
        return document
    }

    private static func sortingFields(_ layout: ClientLayout) -> ClientLayout {
        switch layout {
        case .stack(let screens): .stack(sortingFields(screens))
        case .split(let primary, let secondary): .split(primary: sortingFields(primary), secondary: sortingFields(secondary))
        case .tabs(let selected, let tabs):
            .tabs(selected: selected, tabs: tabs.map { ClientTab(id: $0.id, title: $0.title, layout: sortingFields($0.layout)) })
        case .unknown: layout
        }
    }

    private static func sortingFields(_ screens: [ClientScreen]) -> [ClientScreen] {
        screens.map { screen in
            var screen = screen
            for index in screen.events.indices { screen.events[index].fields.sort { $0.name < $1.name } }
            return screen
        }
    }
}
