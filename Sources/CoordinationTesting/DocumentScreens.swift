/// The screens of a session document as a thin client reads them: every
/// one it shows, the ones a user can touch now, and the tab bar's tabs.
/// Read from the JSON alone, knowing no flow: what a random client or a
/// walk picks its next event from.
public struct DocumentScreens {
    /// One event a screen accepts, with its declared fields.
    public struct Event: Sendable {
        public let name: String
        public let fields: [Field]
    }

    /// A field: its type's name (`string`, `number`, …) and, when its
    /// values are a fixed set or read from the params, those values.
    public struct Field: Sendable {
        public let name: String
        public let type: String
        public let allowed: [String]?
    }

    /// A screen of the document.
    public struct Entry: Sendable {
        public let id: String
        public let name: String
        public let params: JSONValue?
        public let events: [Event]
    }

    /// Every screen, each once: the stack, then the layout's others.
    public let all: [Entry]
    /// The screens a user can touch
    /// (docs/api.md#containers-tab-bars-and-split-views): the top modal; else
    /// the top of the selected tab's stack or of each of its columns.
    public let touchable: [Entry]
    /// The tab bar's tab ids, in order; empty without one.
    public let tabs: [String]

    public init(document: JSONValue) {
        let stackEntries = document["stack"]?.arrayValue ?? []
        let stack = stackEntries.map(Self.entry)
        let modalOpen = stack.isEmpty || stackEntries.contains { $0["presentation"] == "sheet" || $0["presentation"] == "fullScreen" }
        var touchable: [Entry] = []
        var all = stack
        var tabs: [String] = []
        func visit(_ layout: JSONValue?, visible: Bool) {
            switch layout?["kind"]?.stringValue {
            case "tabs":
                let selected = layout?["selected"]?.stringValue
                for tab in layout?["tabs"]?.arrayValue ?? [] {
                    tabs.append(tab["id"]?.stringValue ?? "")
                    visit(tab["layout"], visible: visible && tab["id"]?.stringValue == selected)
                }
            case "split":
                column(layout?["primary"], visible: visible)
                column(layout?["secondary"], visible: visible)
            default:
                column(layout?["stack"], visible: visible)
            }
        }
        func column(_ screens: JSONValue?, visible: Bool) {
            let entries = (screens?.arrayValue ?? []).map(Self.entry)
            all += entries.filter { shown in !all.contains { $0.id == shown.id } }
            if visible, !modalOpen, let top = entries.last { touchable.append(top) }
        }
        visit(document["layout"], visible: true)
        if modalOpen, let top = stack.last { touchable = [top] }
        self.all = all
        self.touchable = touchable
        self.tabs = tabs
    }

    private static func entry(_ entry: JSONValue) -> Entry {
        let events = (entry["events"]?.arrayValue ?? []).map { event in
            Event(
                name: event["name"]?.stringValue ?? "",
                fields: (event["fields"]?.objectValue ?? JSONObject()).map { field in
                    // A field is its type's name, or an object with `type` and,
                    // for a fixed or params-read set of values, `enum`.
                    Field(
                        name: field.key, type: field.value.stringValue ?? field.value["type"]?.stringValue ?? "",
                        allowed: field.value["enum"]?.arrayValue?.compactMap(\.stringValue))
                })
        }
        return Entry(
            id: entry["id"]?.stringValue ?? "", name: entry["name"]?.stringValue ?? "", params: entry["params"], events: events)
    }
}
