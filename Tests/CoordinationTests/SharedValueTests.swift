import Dispatch
import Platform
import TestSupport
import Testing

@testable import Coordination

/// Values that every session holds a copy of, kept in one shared object:
/// copies must still behave as values (limits, event fields) or share
/// exactly what they say they share (a lock and its value).
@Suite("Shared values", .timeLimit(.minutes(10)), .hangGuard)
struct SharedValueTests {
    @Test func changingACopyOfLimitsLeavesTheOriginal() {
        let original = SessionLimits()
        var copy = original
        #expect(copy == original)
        copy.maxStackDepth = 3
        copy.documentIdleTimeout = 0.5
        #expect(original.maxStackDepth == 32)
        #expect(original.documentIdleTimeout == 5)
        #expect(copy.maxStackDepth == 3)
        #expect(copy != original)
        var other = SessionLimits()
        other.maxStackDepth = 3
        other.documentIdleTimeout = 0.5
        #expect(other == copy)
        #expect(SessionLimits.default == SessionLimits())
    }

    @Test func eventFieldsDeclaredOnceServeEveryScreenAlike() throws {
        let fields: EventFields = ["code": .string(oneOf: ["USD", "EUR"]), "note": .string(maxBytes: 4), "amount": .number]
        let screens = [Screen("a"), Screen("b")]
        for screen in screens { screen.on("pick", fields: fields) { _ in } }
        for screen in screens {
            let declaration = try #require(screen.declaration(named: "pick"))
            #expect(declaration.fields.map(\.name) == ["code", "note", "amount"])
            #expect(declaration.maxStringBytes == ["note": 4])
            #expect(declaration.allowedValues == ["code": ["USD", "EUR"]])
            let problems = declaration.problems(
                with: ["code": "JPY", "note": "12345", "amount": 1], params: JSONObject(), defaultMaxStringBytes: 100)
            #expect(problems.map(\.field) == ["code", "note"])
        }
        #expect(EventFields.none.isEmpty)
        #expect(EventFields(["a": .boolean]).list.map(\.name) == ["a"])
    }

    @Test func copiesOfALockShareItsValue() {
        let counter = Locked(0)
        let copy = counter
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1000 { copy.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 8000)
    }
}
