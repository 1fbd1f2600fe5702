import NavigationClient

/// A session document as text for a terminal: the visible screens with their params, the
/// tabs and columns, and the numbered events.
enum SessionText {
    static func render(_ document: SessionDocument, menu: EventMenu) -> String {
        var lines = ["── \(document.flow) · session \(document.id) · version \(document.version) ──"]
        if !document.tabs.isEmpty {
            let tabs = document.tabs.enumerated().map { index, tab in
                let label = "\(index + 1) \(tab.title)"
                return tab.id == document.selectedTab ? "[\(label)]" : " \(label) "
            }
            lines.append("Tabs: " + tabs.joined(separator: " "))
        }
        let modals = document.modals
        for slot in document.selectedSlots + modals.map({ .modal($0.level) }) {
            let screens = document.screens(in: slot)
            guard let top = screens.last else { continue }
            lines.append("")
            lines.append(heading(of: slot, in: document) + screens.map(\.displayTitle).joined(separator: " › "))
            // Under a modal only the path shows; the modal's top is what a person reads.
            if case .modal(let level) = slot, level == modals.count - 1 {
                lines += details(of: top)
            } else if modals.isEmpty {
                lines += details(of: top)
            }
        }
        if let link = document.pendingLink { lines += ["", "Held link: \(link) (followed as soon as the flow can)"] }
        if let effects = document.effects, !effects.isEmpty {
            lines += ["", "Waiting for: " + effects.map(\.name).joined(separator: ", ")]
        }
        if document.finished {
            lines += ["", "The session has finished." + (document.result.map { " Result: \($0.jsonText)" } ?? "")]
        }
        if !menu.items.isEmpty {
            lines += ["", "Events:"]
            let screensWithEvents = Set(menu.items.map(\.screen.id))
            for item in menu.items {
                let place = screensWithEvents.count > 1 ? "  (\(item.screen.displayTitle))" : ""
                lines.append("  \(item.number)) \(item.event.displayLabel)\(fieldSummary(item.event))\(place)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func heading(of slot: Slot, in document: SessionDocument) -> String {
        switch slot {
        case .stack, .tab: ""
        case .primary: "Primary: "
        case .secondary: "Secondary: "
        case .modal(let level): document.modals[level].style == .fullScreen ? "Full screen: " : "Sheet: "
        }
    }

    private static func fieldSummary(_ event: EventDeclaration) -> String {
        guard !event.fields.isEmpty else { return "" }
        let fields = event.fields.map { field in
            "\(field.name): " + (field.allowedValues.map { $0.joined(separator: "|") } ?? field.type.rawValue)
        }
        return " (" + fields.joined(separator: ", ") + ")"
    }

    /// The screen's params, one member a line, nested values indented.
    static func details(of screen: Screen) -> [String] {
        screen.params.flatMap { member in lines(label: ReadableName.of(member.key), value: member.value, indent: "  ") }
    }

    private static func lines(label: String, value: JSONValue, indent: String) -> [String] {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            return ["\(indent)\(label):"] + elements.map { "\(indent)  - " + inline($0) }
        case .object(let object) where !object.isEmpty && object.contains(where: { !$0.value.isScalar }):
            return ["\(indent)\(label):"] + object.flatMap { lines(label: ReadableName.of($0.key), value: $0.value, indent: indent + "  ") }
        default:
            return ["\(indent)\(label): \(inline(value))"]
        }
    }

    /// A value on one line: scalars as people write them, an object as `key: value` pairs.
    static func inline(_ value: JSONValue) -> String {
        switch value {
        case .null: "—"
        case .bool(let bool): bool ? "yes" : "no"
        case .number: value.jsonText
        case .string(let string): string.isEmpty ? "\"\"" : string
        case .array(let elements): elements.isEmpty ? "none" : elements.map(inline).joined(separator: "; ")
        case .object(let object):
            object.isEmpty ? "—" : object.map { "\(ReadableName.of($0.key).lowercased()): \(inline($0.value))" }.joined(separator: ", ")
        }
    }
}

extension JSONValue {
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
