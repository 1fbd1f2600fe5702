/// A session as the server describes it (openapi.yaml, `Session`): what to draw and what each screen accepts.
///
/// Members the server may add later are ignored; members of the contract
/// that a server does not send yet (`effects`, a screen's `title`) are
/// optional.
public struct SessionDocument: Codable, Sendable, Hashable, Identifiable {
    /// 32 lowercase hex digits, unguessable.
    public var id: String
    public var flow: String
    /// 1 at creation, plus one per accepted change; also the `ETag` and the stream's event id.
    public var version: Int
    /// What is shown, bottom to top: under a tab bar the selected tab's
    /// screens (a split view's primary column, then its secondary), then the
    /// modals, each a `sheet` or `fullScreen` entry and the pushes on it.
    public var stack: [Screen]
    /// The container tree under the modals, so that the other tabs and both columns can be drawn.
    public var layout: Layout?
    /// The live coordinator tree; `nil` once the root has finished.
    public var coordinators: CoordinatorNode?
    /// A deep link the coordinators hold until they can follow it (after login).
    public var pendingLink: String?
    public var finished: Bool
    /// The root coordinator's output, once `finished`.
    public var result: JSONValue?
    /// Effects the coordinators wait for (a sign-in, a payment), when the server reports them.
    public var effects: [PendingEffect]?

    public init(
        id: String, flow: String, version: Int, stack: [Screen], layout: Layout? = nil, coordinators: CoordinatorNode? = nil,
        pendingLink: String? = nil, finished: Bool = false, result: JSONValue? = nil, effects: [PendingEffect]? = nil
    ) {
        self.id = id
        self.flow = flow
        self.version = version
        self.stack = stack
        self.layout = layout
        self.coordinators = coordinators
        self.pendingLink = pendingLink
        self.finished = finished
        self.result = result
        self.effects = effects
    }

    /// Reads a document from the JSON the server sent.
    public init<Bytes: Sequence<UInt8>>(json bytes: Bytes) throws {
        self = try JSONValueDecoder().decode(SessionDocument.self, from: bytes)
    }
}

/// A coordinator of the live tree.
public struct CoordinatorNode: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    /// Its type's name, e.g. `CalculatorCoordinator`.
    public var type: String
    public var children: [CoordinatorNode]

    public init(id: String, type: String, children: [CoordinatorNode] = []) {
        self.id = id
        self.type = type
        self.children = children
    }
}

/// An effect a coordinator waits for: its name, never its input.
public struct PendingEffect: Codable, Sendable, Hashable, Identifiable {
    public var id: String
    /// e.g. `auth.login`.
    public var name: String
    /// The id of the coordinator that waits.
    public var coordinator: String

    public init(id: String, name: String, coordinator: String) {
        self.id = id
        self.name = name
        self.coordinator = coordinator
    }
}
