import Coordination

/// Pushes `profile`, showing the user read from the shared store. The
/// session finishes it when the user goes back, which lets it go from Main.
final class ProfileCoordinator: Coordinator {
    override func start() {
        let username: JSONValue = store[.username].map(JSONValue.string) ?? nil
        router.push(Screen("profile", title: "Profile", params: ["username": username]))
    }
}
