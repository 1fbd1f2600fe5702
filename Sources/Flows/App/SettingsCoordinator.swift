import Coordination

/// Pushes `settings`; `toggleNotifications` changes the setting in the
/// shared store and on the screen, without navigating.
final class SettingsCoordinator: Coordinator {
    override func start() {
        let settings = Screen("settings", title: "Settings", params: ["notifications": .bool(notifications)])
        settings.on("toggleNotifications", label: "Turn notifications on or off") { [unowned self, unowned settings] _ in
            store[.notifications] = !notifications
            router.update(settings, "notifications", to: .bool(notifications))
        }
        router.push(settings)
    }

    private var notifications: Bool { store[.notifications, default: true] }
}
