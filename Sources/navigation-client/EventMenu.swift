import NavigationClient

/// The events a person can send now, numbered from 1 across the screens they can touch.
struct EventMenu {
    struct Item: Equatable {
        let number: Int
        let screen: Screen
        let event: EventDeclaration
    }

    let items: [Item]

    init(_ document: SessionDocument) {
        var items: [Item] = []
        if !document.finished {
            for screen in document.activeScreens {
                for event in screen.events {
                    // Every screen of a tab bar offers `selectTab`; it switches the same tabs, so it is listed once.
                    if event.name == EventDeclaration.selectTab, items.contains(where: { $0.event.name == event.name }) { continue }
                    items.append(Item(number: items.count + 1, screen: screen, event: event))
                }
            }
        }
        self.items = items
    }

    func item(_ number: Int) -> Item? {
        items.first { $0.number == number }
    }

    /// The first item that sends `event` (for the `back`, `dismiss` and `tab` shortcuts), the top screen's first.
    func item(sending event: String) -> Item? {
        items.last { $0.event.name == event }
    }
}
