import TestSupport
import Testing

@testable import JSON

/// The parser's stacks: lent memory first, the heap once outgrown; every
/// element kept in order and destroyed exactly once, whether it was moved
/// out or left behind by an error.
@Suite("Parse stacks", .timeLimit(.minutes(10)), .hangGuard)
struct ParseStackTests {
    private final class Counter {
        var count = 0
    }

    /// Counts its own destruction, so a test sees each element destroyed once.
    private final class Tracked {
        let value: Int
        let destroyed: Counter

        init(_ value: Int, destroyed: Counter) {
            self.value = value
            self.destroyed = destroyed
        }

        deinit { destroyed.count += 1 }
    }

    @Test(arguments: [0, 1, 3, 16])
    func elementsOutgrowingTheLentMemoryKeepTheirOrder(lent: Int) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: lent) { buffer in
            var stack = ParseStack(lending: buffer)
            for value in 0..<100 { stack.append(value) }
            #expect(stack.count == 100)
            #expect(stack.withElements(from: 95) { Array($0) } == [95, 96, 97, 98, 99])
            stack[50] = -50
            #expect(stack[50] == -50)
            var popped: [Int] = []
            while let value = stack.popLast() { popped.append(value) }
            #expect(popped == (0..<100).reversed().map { $0 == 50 ? -50 : $0 })
            let isEmpty = stack.isEmpty
            #expect(isEmpty)
        }
    }

    /// What is moved out is the caller's; what is left (as after an error)
    /// is destroyed with the stack, after growth as in lent memory.
    @Test(arguments: [2, 40])
    func elementsLeftBehindAreDestroyedWithTheStack(count: Int) {
        let destroyed = Counter()
        var movedOut: [Tracked] = []
        withUnsafeTemporaryAllocation(of: Tracked.self, capacity: 8) { buffer in
            var stack = ParseStack(lending: buffer)
            for value in 0..<count { stack.append(Tracked(value, destroyed: destroyed)) }
            movedOut.append(stack.removeLast())
            #expect(destroyed.count == 0)
        }
        #expect(destroyed.count == count - 1)
        #expect(movedOut.map(\.value) == [count - 1])
        movedOut.removeAll()
        #expect(destroyed.count == count)
    }

    /// The parser's own use: a document whose containers, members and
    /// levels each outgrow the stacks' lent room parses as a whole, and a
    /// document that fails after they grew fails cleanly.
    @Test func documentsLargerThanTheLentRoomParseWhole() throws {
        let room = JSONParser.initialStackCapacity
        let wide: JSONValue = .array((0..<(4 * room)).map { .number(Double($0)) })
        var members = JSONObject()
        for index in 0..<(4 * room) { members["k\(index)"] = .string("v\(index)") }
        var deep: JSONValue = "bottom"
        for _ in 0..<(JSONParser.defaultMaxDepth - 1) { deep = ["next": deep] }
        for value in [wide, .object(members), deep, [wide, .object(members)]] {
            #expect(try JSONParser.parse(value.encoded()) == value)
        }
        let broken = Array(JSONValue.object(members).encoded().dropLast())
        #expect(throws: JSONParseError.self) { try JSONParser.parse(broken) }
    }
}
