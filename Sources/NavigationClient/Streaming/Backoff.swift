/// Delays between reconnections: doubling from an initial delay up to a maximum, each
/// drawn at random from its upper half so that many clients dropped at once do not return at once.
struct Backoff: Sendable {
    var initial: Double
    let maximum: Double
    private var attempts = 0

    init(initial: Double, maximum: Double) {
        self.initial = max(0, initial)
        self.maximum = max(self.initial, maximum)
    }

    /// The ceiling of the next delay, before the random draw.
    var nextCeiling: Double {
        min(maximum, initial * Double(1 << min(attempts, 30)))
    }

    mutating func next<Generator: RandomNumberGenerator>(using generator: inout Generator) -> Double {
        let ceiling = nextCeiling
        attempts += 1
        return ceiling <= 0 ? 0 : Double.random(in: (ceiling / 2)...ceiling, using: &generator)
    }

    mutating func next() -> Double {
        var generator = SystemRandomNumberGenerator()
        return next(using: &generator)
    }

    /// After a connection that delivered something: the next drop starts from the initial delay again.
    mutating func reset() {
        attempts = 0
    }
}
