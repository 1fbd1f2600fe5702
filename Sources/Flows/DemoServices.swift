import Coordination

/// In-process stand-ins for the services the `app` flow asks: what
/// `navigation-server` performs `auth.login` and `payments.charge` with
/// unless `--backend` names real ones.
///
/// - `auth.login` accepts any non-empty username and password and names the
///   user by the username: `{"user": {"name": username}}`; otherwise 401.
/// - `payments.charge` declines a card whose number ends in `0002` (402
///   "Your card was declined.", as card processors' test numbers do) and
///   approves the others: `{"charge": "demo-…", "amount": …}`.
public enum DemoServices {
    public static let performers: [EffectPerformer] = [authLogin, paymentsCharge]

    public static let authLogin = EffectPerformer.immediate("auth.login") { input in
        let username = input["username"]?.stringValue ?? ""
        let password = input["password"]?.stringValue ?? ""
        guard !username.isEmpty, !password.isEmpty else {
            return .failure(EffectFailure(.rejected, reason: "Wrong username or password.", status: 401))
        }
        return .success(["user": ["name": .string(username)]])
    }

    public static let paymentsCharge = EffectPerformer.immediate("payments.charge") { input in
        let digits = (input["card"]?.stringValue ?? "").filter(\.isNumber)
        guard !digits.hasSuffix("0002") else {
            return .failure(EffectFailure(.rejected, reason: "Your card was declined.", status: 402))
        }
        return .success(["charge": .string("demo-\(digits.suffix(4))"), "amount": input["amount"] ?? .null])
    }
}
