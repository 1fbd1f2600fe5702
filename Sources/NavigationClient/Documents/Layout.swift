/// The container tree under the modals: one stack, a split view, or a tab bar.
///
/// Screens are the same values as in ``SessionDocument/stack``. A kind this
/// library does not know is `unknown`; the model then draws the flat stack.
public indirect enum Layout: Codable, Sendable, Hashable {
    /// One navigation stack, root first.
    case stack([Screen])
    /// A split view: the primary column (the list) and the secondary column (the detail), each root first.
    case split(primary: [Screen], secondary: [Screen])
    /// A tab bar and the id of its selected tab.
    case tabs(selected: String, tabs: [Tab])
    case unknown(kind: String)

    private enum CodingKeys: String, CodingKey {
        case kind, stack, primary, secondary, selected, tabs
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "stack":
            self = .stack(try container.decode([Screen].self, forKey: .stack))
        case "split":
            self = .split(
                primary: try container.decode([Screen].self, forKey: .primary),
                secondary: try container.decode([Screen].self, forKey: .secondary))
        case "tabs":
            self = .tabs(
                selected: try container.decode(String.self, forKey: .selected), tabs: try container.decode([Tab].self, forKey: .tabs))
        default:
            self = .unknown(kind: kind)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .stack(let screens):
            try container.encode("stack", forKey: .kind)
            try container.encode(screens, forKey: .stack)
        case .split(let primary, let secondary):
            try container.encode("split", forKey: .kind)
            try container.encode(primary, forKey: .primary)
            try container.encode(secondary, forKey: .secondary)
        case .tabs(let selected, let tabs):
            try container.encode("tabs", forKey: .kind)
            try container.encode(selected, forKey: .selected)
            try container.encode(tabs, forKey: .tabs)
        case .unknown(let kind):
            try container.encode(kind, forKey: .kind)
        }
    }
}

/// One tab of a tab bar.
public struct Tab: Codable, Sendable, Hashable, Identifiable {
    /// What `selectTab` names, e.g. `mail`.
    public var id: String
    public var title: String
    /// A stack or a split view.
    public var layout: Layout

    public init(id: String, title: String, layout: Layout) {
        self.id = id
        self.title = title
        self.layout = layout
    }
}
