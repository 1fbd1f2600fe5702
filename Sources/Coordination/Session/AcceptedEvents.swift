/// The names of the events a shown screen accepts, in the order a session
/// document lists them: its declared events (a reserved name declared by
/// mistake left out), then `back`, `dismiss` and `selectTab` where the user
/// may use them. A sequence read in place: a document writes the names as
/// it walks them, with no array made for each screen it writes.
struct AcceptedEvents: Sequence {
    private let screen: Screen?
    private let back: Bool
    private let dismiss: Bool
    private let selectTab: Bool

    /// None: what a finished session's screens accept.
    static var none: AcceptedEvents { AcceptedEvents(screen: nil, back: false, dismiss: false, selectTab: false) }

    /// The events `entry` accepts, shown in a modal or not, under a tab bar or not.
    init(of entry: NavigationStack.Entry, inModal: Bool, underTabBar: Bool) {
        let screen = entry.screen
        self.init(
            screen: screen, back: entry.presentation == .push && screen.allowsBack,
            dismiss: screen.allowsDismiss && inModal, selectTab: underTabBar)
    }

    private init(screen: Screen?, back: Bool, dismiss: Bool, selectTab: Bool) {
        self.screen = screen
        self.back = back
        self.dismiss = dismiss
        self.selectTab = selectTab
    }

    func makeIterator() -> Iterator {
        Iterator(of: self)
    }

    struct Iterator: IteratorProtocol {
        private let accepted: AcceptedEvents
        private let events: [EventDeclaration]
        private let skipsReserved: Bool
        /// The next declared event, then `events.count` and up for the reserved ones.
        private var index = 0

        fileprivate init(of accepted: AcceptedEvents) {
            self.accepted = accepted
            events = accepted.screen?.events ?? []
            skipsReserved = accepted.screen?.declaresReservedEvent ?? false
        }

        mutating func next() -> String? {
            while index < events.count {
                let name = events[index].name
                index += 1
                if !skipsReserved || ReservedEvent(named: name) == nil { return name }
            }
            while index < events.count + 3 {
                let reserved = index - events.count
                index += 1
                switch reserved {
                case 0 where accepted.back: return ReservedEvent.back.rawValue
                case 1 where accepted.dismiss: return ReservedEvent.dismiss.rawValue
                case 2 where accepted.selectTab: return ReservedEvent.selectTab.rawValue
                default: continue
                }
            }
            return nil
        }
    }
}
