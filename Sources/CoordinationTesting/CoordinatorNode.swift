/// One coordinator of a session's live tree, by type name, with its live
/// children in the order they were added.
public struct CoordinatorNode: Equatable, Sendable, CustomStringConvertible {
    public let typeName: String
    public let children: [CoordinatorNode]

    public init(typeName: String, children: [CoordinatorNode] = []) {
        self.typeName = typeName
        self.children = children
    }

    init(_ coordinator: Coordinator) {
        self.init(typeName: coordinator.typeName, children: coordinator.childCoordinators.map(CoordinatorNode.init))
    }

    /// Every type name in the tree, depth first from this one.
    public var typeNames: [String] { [typeName] + children.flatMap(\.typeNames) }

    /// `AppCoordinator[MainCoordinator[ProfileCoordinator], CheckoutCoordinator]`.
    public var description: String {
        children.isEmpty ? typeName : "\(typeName)[\(children.map(\.description).joined(separator: ", "))]"
    }
}
