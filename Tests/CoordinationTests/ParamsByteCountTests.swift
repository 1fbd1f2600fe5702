import TestSupport
import Testing

@testable import Coordination

/// A screen's params size for the byte budget (``Screen/paramsByteCount``)
/// after ``Router/update(_:_:to:)``, which works it out from the one member
/// it changes instead of measuring every param again: it must be exactly
/// what measuring the new params gives.
@Suite("Params size after a one-member update", .timeLimit(.minutes(10)), .hangGuard)
struct ParamsByteCountTests {
    final class Owner: Coordinator {}

    /// A screen with `params`, shown as the root and measured once.
    private func shown(_ params: JSONObject) -> (Owner, Screen) {
        let owner = Owner(environment: CoordinatorEnvironment())
        let screen = Screen("list", params: params)
        owner.environment.navigation.begin(version: 1)
        owner.router.setRoot(screen)
        _ = screen.paramsByteCount()
        return (owner, screen)
    }

    /// Asserts the kept size is what a fresh measurement of the params gives.
    private func expectMeasured(_ screen: Screen, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(screen.paramsByteCount() == screen.params.encodedByteCount, sourceLocation: sourceLocation)
        #expect(screen.paramsByteCount() == JSONValue.object(screen.params).encoded().count, sourceLocation: sourceLocation)
    }

    @Test func aReplacedMemberCountsItsNewValue() {
        let (owner, screen) = shown(["items": [1, 2.5, "three"], "lastViewed": nil])
        owner.router.update(screen, "lastViewed", to: "USD")
        expectMeasured(screen)
        owner.router.update(screen, "lastViewed", to: ["nested": ["a\"b", 1e300, -0.5]])
        expectMeasured(screen)
        owner.router.update(screen, "items", to: [])
        expectMeasured(screen)
        owner.router.update(screen, "lastViewed", to: false)
        expectMeasured(screen)
    }

    @Test func anAddedMemberCountsItsKeyColonAndComma() {
        let (owner, screen) = shown([:])
        owner.router.update(screen, "first", to: 1)
        expectMeasured(screen)
        owner.router.update(screen, "sécond\u{7}", to: "x")
        expectMeasured(screen)
        #expect(screen.params.count == 2)
    }

    /// JSONObject finds members by `String` equality: a key spelled another
    /// canonically equivalent way replaces the member and keeps its key,
    /// whose UTF-8 length differs.
    @Test func anEquivalentlySpelledKeyKeepsTheStoredKeysBytes() {
        let (owner, screen) = shown(["caf\u{E9}": 1])
        owner.router.update(screen, "cafe\u{301}", to: 22)
        #expect(screen.params.keys == ["caf\u{E9}"])
        expectMeasured(screen)
    }

    @Test func anUpdateTheRouterRefusesLeavesTheSizeOfTheParamsKept() {
        let (owner, screen) = shown(["count": 1])
        let offStack = Screen("offStack", params: ["count": 1])
        _ = offStack.paramsByteCount
        owner.router.update(offStack, "count", to: 12345)
        #expect(owner.environment.navigation.misuse != nil)
        #expect(offStack.params == ["count": 1])
        expectMeasured(offStack)
        expectMeasured(screen)
    }

    @Test func paramsNotMeasuredSinceTheirLastChangeAreMeasuredWhenAskedFor() {
        let (owner, screen) = shown(["count": 1])
        owner.router.update(screen, params: ["count": 2, "extra": "long text"])
        owner.router.update(screen, "count", to: 300)
        expectMeasured(screen)
    }

    /// Measuring writes the params; a document copies those bytes once,
    /// and writes the params afresh after that.
    @Test func theBytesParamsWereMeasuredByAreWrittenOnce() {
        let (_, screen) = shown(["name": "a\"b\u{2028}", "rate": 1380.5, "items": [1, nil, true]])
        let expected = JSONValue.object(screen.params).encoded()
        var first = JSONWriter()
        screen.writeParams(sharing: .none, into: &first)
        #expect(first.bytes == expected)
        #expect(screen.paramsBytes.takeRendered() == nil)
        var second = JSONWriter()
        screen.writeParams(sharing: .none, into: &second)
        #expect(second.bytes == expected)
    }

    /// Params changed after they were measured are written as they are now.
    @Test func paramsChangedSinceTheyWereMeasuredAreWrittenAsTheyAre() {
        let (owner, screen) = shown(["count": 1])
        owner.router.update(screen, params: ["count": 2])
        var afterReplacing = JSONWriter()
        screen.writeParams(sharing: .none, into: &afterReplacing)
        #expect(afterReplacing.bytes == Array(#"{"count":2}"#.utf8))

        _ = screen.paramsByteCount()
        owner.router.update(screen, "count", to: 3)
        var afterOneMember = JSONWriter()
        screen.writeParams(sharing: .none, into: &afterOneMember)
        #expect(afterOneMember.bytes == Array(#"{"count":3}"#.utf8))
    }
}
