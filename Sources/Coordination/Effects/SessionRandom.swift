/// The random numbers of one session (``CoordinatorEnvironment/random``):
/// a generator seeded when the session is created, the seed journaled with
/// it, so that a replay draws the same numbers in the same order.
///
/// SplitMix64: fast, and good enough to pick, shuffle and make demo data;
/// not for secrets (use an effect for anything an attacker must not guess).
public struct SessionRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
