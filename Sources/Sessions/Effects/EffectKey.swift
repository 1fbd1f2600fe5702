/// One effect of one session.
struct EffectKey: Hashable, Sendable {
    let sessionID: String
    let effectID: String
}
