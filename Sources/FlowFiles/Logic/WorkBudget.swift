/// Why an evaluation stopped: it spent its work limit, or a value grew
/// deeper than ``JSONLogic/maxValueDepth``.
enum EvaluationLimit: Error {
    case work
    case depth
}

/// What an evaluation may still spend (see ``JSONLogic`` for the units).
struct WorkBudget {
    private var remaining: Int

    init(units: Int) {
        remaining = units
    }

    /// Spends `units`; throws once more has been spent than the limit.
    mutating func spend(_ units: Int = 1) throws(EvaluationLimit) {
        remaining -= units
        if remaining < 0 { throw .work }
    }

    /// Spends for `bytes` of text built or scanned: a unit per 8, and one.
    mutating func spend(bytes: Int) throws(EvaluationLimit) {
        try spend(1 + bytes >> 3)
    }
}
