import Coordination

/// Pushes `profile`, showing the user read from the shared store. Finished
/// by the session when the user goes back; the parent hears of it through
/// `onFinish`.
final class ProfileCoordinator: Coordinator {
    override func start() {
        let username: JSONValue = store[.username].map(JSONValue.string) ?? nil
        router.push(Screen("profile", params: ["username": username]))
    }
}
