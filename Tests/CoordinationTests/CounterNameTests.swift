import TestSupport
import Testing

@testable import Coordination

/// Names from counters (`s1`, `c12`, `e3`) spelled straight into a string:
/// the same text as interpolation gives, at every number of digits.
@Suite("Counter names", .timeLimit(.minutes(10)), .hangGuard)
struct CounterNameTests {
    @Test func aNameIsItsLetterAndTheCountInDecimal() {
        for count in Array(0...1_100) + [9_999, 10_000, 123_456_789, Int.max] {
            #expect(CounterName.spell("s", count) == "s\(count)")
        }
        #expect(CounterName.spell("c", 7) == "c7")
        #expect(CounterName.spell("e", 40) == "e40")
    }

    @Test func aSessionNamesItsScreensCoordinatorsAndEffectsSo() {
        let environment = CoordinatorEnvironment()
        let first = Coordinator(environment: environment)
        let second = Coordinator(environment: environment)
        #expect([first.id, second.id] == ["c1", "c2"])
    }
}
