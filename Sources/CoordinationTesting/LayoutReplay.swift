/// Replays a session's history from empty, as a client animating it would:
/// the stacks of every tab and column, and the modals over them. Knows
/// nothing of the engine's own layout code, so it checks it.
struct LayoutReplay {
    struct Item: Equatable {
        let id: String, name: String, presentation: Presentation
        var text: String { "\(id) \(name) \(presentation.rawValue)" }
    }

    indirect enum Node {
        case stack([Item])
        case split([Item], [Item])
        case tabs(selected: String, [(id: String, title: String, node: Node)])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private(set) var root = Node.stack([])
    private(set) var modals: [Item] = []

    mutating func apply(_ entry: HistoryEntry) throws(Failure) {
        let seq = "history #\(entry.seq) \(entry.operation.rawValue)(\(entry.screen))"
        let inContainer = entry.tab != nil || entry.column != nil
        func item() throws(Failure) -> Item {
            guard let presentation = entry.presentation else { throw Failure(description: "\(seq) has no presentation") }
            return Item(id: entry.screenId, name: entry.screen, presentation: presentation)
        }
        switch entry.operation {
        case .setTabs:
            guard let tabs = entry.tabs, let selected = entry.tab else { throw Failure(description: "\(seq) names no tabs") }
            root = .tabs(selected: selected, tabs.map { ($0.id, $0.title, Node.stack([])) })
            modals = []
        case .setSplit:
            if let tab = entry.tab {
                try Self.modifyTab(tab, in: &root, seq: seq) { $0 = .split([], []) }
            } else {
                root = .split([], [])
                modals = []
            }
        case .selectTab:
            guard case .tabs(_, let tabs) = root, let tab = entry.tab, tabs.contains(where: { $0.id == tab }) else {
                throw Failure(description: "\(seq) without that tab")
            }
            root = .tabs(selected: tab, tabs)
        case .setRoot where !inContainer:
            root = .stack([try item()])
            modals = []
        case .present,
            .push where !inContainer && !modals.isEmpty:
            modals.append(try item())
        case .pop where !inContainer && !modals.isEmpty:
            guard modals.last?.presentation == .push, modals.last?.id == entry.screenId else {
                throw Failure(description: "\(seq) does not pop the modal's pushed top")
            }
            modals.removeLast()
        case .popToRoot where !inContainer && !modals.isEmpty:
            guard let modalIndex = modals.lastIndex(where: { $0.presentation.isModal }) else { throw Failure(description: seq) }
            modals.removeSubrange((modalIndex + 1)...)
            if modals.last?.id != entry.screenId { throw Failure(description: "\(seq) reveals another screen") }
        case .dismiss:
            guard let modalIndex = modals.lastIndex(where: { $0.presentation.isModal }), modals[modalIndex].id == entry.screenId else {
                throw Failure(description: "\(seq) does not close the top modal")
            }
            modals.removeSubrange(modalIndex...)
        case .update:
            if !allItems.contains(where: { $0.id == entry.screenId }) { throw Failure(description: "\(seq) updates a screen not shown") }
        case .setRoot, .push, .pop, .popToRoot:
            let newItem = entry.operation == .setRoot || entry.operation == .push ? try item() : nil
            try Self.modifyStack(tab: entry.tab, column: entry.column, in: &root, seq: seq) { (stack) throws(Failure) in
                switch entry.operation {
                case .setRoot: stack = [newItem].compactMap { $0 }
                case .push:
                    guard !stack.isEmpty, let newItem else { throw Failure(description: "\(seq) on an empty stack") }
                    stack.append(newItem)
                case .pop:
                    guard stack.last?.presentation == .push, stack.last?.id == entry.screenId else {
                        throw Failure(description: "\(seq) does not pop the pushed top")
                    }
                    stack.removeLast()
                default:
                    guard let first = stack.first, first.id == entry.screenId else {
                        throw Failure(description: "\(seq) reveals another screen")
                    }
                    stack = [first]
                }
            }
        }
    }

    /// What the user sees, bottom to top (the session's `stack`).
    var collapsed: [Item] { Self.collapsed(root) + modals }

    var allItems: [Item] { Self.all(root) + modals }

    /// The layout as ``FlowSession/describeWithIDs(_:)`` prints the engine's.
    var layoutText: String { Self.text(root) }

    private static func collapsed(_ node: Node) -> [Item] {
        switch node {
        case .stack(let items): items
        case .split(let primary, let secondary): primary + secondary
        case .tabs(let selected, let tabs): tabs.first { $0.id == selected }.map { collapsed($0.node) } ?? []
        }
    }

    private static func all(_ node: Node) -> [Item] {
        switch node {
        case .stack(let items): items
        case .split(let primary, let secondary): primary + secondary
        case .tabs(_, let tabs): tabs.flatMap { all($0.node) }
        }
    }

    private static func text(_ node: Node) -> String {
        func items(_ list: [Item]) -> String { list.map(\.text).joined(separator: ", ") }
        switch node {
        case .stack(let list): return "stack[\(items(list))]"
        case .split(let primary, let secondary): return "split[\(items(primary))][\(items(secondary))]"
        case .tabs(let selected, let tabs):
            return "tabs(\(selected))[" + tabs.map { "\($0.id) \($0.title): \(text($0.node))" }.joined(separator: "; ") + "]"
        }
    }

    static func text(_ layout: Layout) -> String {
        func items(_ list: [NavigationStack.Entry]) -> String {
            list.map { Item(id: $0.screen.id ?? "", name: $0.screen.name, presentation: $0.presentation).text }.joined(separator: ", ")
        }
        switch layout {
        case .stack(let list): return "stack[\(items(list))]"
        case .split(let primary, let secondary): return "split[\(items(primary))][\(items(secondary))]"
        case .tabs(let selected, let tabs):
            return "tabs(\(selected))[" + tabs.map { "\($0.item.id) \($0.item.title): \(text($0.layout))" }.joined(separator: "; ") + "]"
        }
    }

    /// The `layout` member of a session document, in the form of ``text(_:)``.
    static func text(document layout: JSONValue?) -> String {
        func items(_ list: JSONValue?) -> String {
            (list?.arrayValue ?? []).map {
                "\($0["id"]?.stringValue ?? "") \($0["name"]?.stringValue ?? "") \($0["presentation"]?.stringValue ?? "")"
            }.joined(separator: ", ")
        }
        switch layout?["kind"]?.stringValue {
        case "stack": return "stack[\(items(layout?["stack"]))]"
        case "split": return "split[\(items(layout?["primary"]))][\(items(layout?["secondary"]))]"
        case "tabs":
            let tabs = (layout?["tabs"]?.arrayValue ?? []).map {
                "\($0["id"]?.stringValue ?? "") \($0["title"]?.stringValue ?? ""): \(text(document: $0["layout"]))"
            }
            return "tabs(\(layout?["selected"]?.stringValue ?? ""))[" + tabs.joined(separator: "; ") + "]"
        default: return "no layout"
        }
    }

    private static func modifyTab(_ tab: String, in root: inout Node, seq: String, _ body: (inout Node) -> Void) throws(Failure) {
        guard case .tabs(let selected, var tabs) = root, let index = tabs.firstIndex(where: { $0.id == tab }) else {
            throw Failure(description: "\(seq) names tab \(tab), which is not there")
        }
        body(&tabs[index].node)
        root = .tabs(selected: selected, tabs)
    }

    private static func modifyStack(
        tab: String?, column: SplitColumn?, in root: inout Node, seq: String, _ body: (inout [Item]) throws(Failure) -> Void
    ) throws(Failure) {
        if let tab {
            guard case .tabs(let selected, var tabs) = root, let index = tabs.firstIndex(where: { $0.id == tab }) else {
                throw Failure(description: "\(seq) names tab \(tab), which is not there")
            }
            try modifyStack(tab: nil, column: column, in: &tabs[index].node, seq: seq, body)
            root = .tabs(selected: selected, tabs)
            return
        }
        switch (root, column) {
        case (.stack(var items), nil):
            try body(&items)
            root = .stack(items)
        case (.split(var primary, let secondary), .primary?):
            try body(&primary)
            root = .split(primary, secondary)
        case (.split(let primary, var secondary), .secondary?):
            try body(&secondary)
            root = .split(primary, secondary)
        default:
            throw Failure(description: "\(seq) names a place the layout does not have")
        }
    }
}
