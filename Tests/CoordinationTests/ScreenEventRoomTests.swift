import TestSupport
import Testing

@testable import Coordination

/// The room a screen's event list keeps: enough for two declarations at
/// once (a second would otherwise allocate again), and no more, since every
/// session of a flow keeps its screens' lists for as long as it lives.
@Suite("A screen's event list", .timeLimit(.minutes(10)), .hangGuard)
struct ScreenEventRoomTests {
    @Test func theFirstDeclarationMakesRoomForTwo() {
        let screen = Screen("rates").on("select") { _ in }
        #expect(screen.events.capacity == 2)
    }

    @Test func aSecondDeclarationFitsInTheRoomTheFirstMade() {
        let screen = Screen("calculator").on("convert") { _ in }
        let storage = screen.events.withUnsafeBufferPointer { $0.baseAddress }
        screen.on("close") { _ in }
        #expect(screen.events.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(screen.events.map(\.name) == ["convert", "close"])
    }

    @Test func aThirdDeclarationBeyondTheRoomIsKeptInOrder() {
        let screen = Screen("library").on("borrow") { _ in }.on("donate") { _ in }.on("remove") { _ in }
        #expect(screen.events.map(\.name) == ["borrow", "donate", "remove"])
    }

    @Test func aDeclarationAgainReplacesItInPlace() {
        let screen = Screen("rates").on("select") { _ in }.on("select", label: "Pick") { _ in }
        #expect(screen.events.map(\.label) == ["Pick"])
        #expect(screen.events.capacity == 2)
    }
}
