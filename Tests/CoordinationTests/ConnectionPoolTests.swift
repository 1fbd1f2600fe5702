import Platform
import TestSupport
import Testing

/// Platform's `ConnectionPool`, which the Redis and PostgreSQL stores lend
/// their connections from: one connection is reused while it works, a
/// broken one is never lent again, an idle one that is no longer usable is
/// dropped, and none is kept after `closeIdle()`.
@Suite("Connection pool", .timeLimit(.minutes(10)), .hangGuard)
struct ConnectionPoolTests {
    final class Connection: PooledConnection {
        let number: Int
        var isBroken = false
        var isUsable = true
        init(number: Int) { self.number = number }
    }

    final class Opener {
        var opened = 0
        func open() -> Connection {
            opened += 1
            return Connection(number: opened)
        }
    }

    @Test func aWorkingConnectionIsLentAgain() {
        let pool = ConnectionPool<Connection>()
        let opener = Opener()
        let first = pool.withConnection(open: opener.open) { $0.number }
        let second = pool.withConnection(open: opener.open) { $0.number }
        #expect(first == 1 && second == 1 && opener.opened == 1)
    }

    @Test func aBrokenConnectionIsNotGivenBack() {
        let pool = ConnectionPool<Connection>()
        let opener = Opener()
        pool.withConnection(open: opener.open) { $0.isBroken = true }
        #expect(pool.withConnection(open: opener.open) { $0.number } == 2)
    }

    @Test func anIdleConnectionNoLongerUsableIsDropped() {
        let pool = ConnectionPool<Connection>()
        let opener = Opener()
        let closedByItsServer = pool.withConnection(open: opener.open) { $0 }
        closedByItsServer.isUsable = false
        #expect(pool.withConnection(open: opener.open) { $0.number } == 2)
    }

    @Test func atMostMaximumIdleAreKept() {
        let pool = ConnectionPool<Connection>(maximumIdle: 1)
        let opener = Opener()
        // Two at once: both are given back, one is kept.
        pool.withConnection(open: opener.open) { _ in pool.withConnection(open: opener.open) { _ in } }
        #expect(pool.withConnection(open: opener.open) { $0.number } == 2)
        #expect(pool.withConnection(open: opener.open) { _ in pool.withConnection(open: opener.open) { $0.number } } == 3)
    }

    @Test func nothingIsKeptAfterCloseIdle() {
        let pool = ConnectionPool<Connection>()
        let opener = Opener()
        pool.withConnection(open: opener.open) { _ in pool.closeIdle() }
        #expect(pool.withConnection(open: opener.open) { $0.number } == 2)
    }
}
