import Coordination

extension MailFlow {
    /// The `settings` tab: `mailSettings`, whose `toggleSignature` flips the
    /// signature setting in the shared store and on the screen, in place.
    final class MailSettingsCoordinator: Coordinator {
        override func start() {
            let settings = Screen("mailSettings", title: "Mail settings", params: ["signature": .bool(signature)])
            settings.on("toggleSignature", label: "Turn signature on or off") { [unowned self, unowned settings] _ in
                store[.mailSignature] = !signature
                router.update(settings, "signature", to: .bool(signature))
            }
            router.setRoot(settings)
        }

        private var signature: Bool { store[.mailSignature, default: true] }
    }
}
