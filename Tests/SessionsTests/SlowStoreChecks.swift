import Sessions
import StoreTestSupport
import Testing

/// A store its test has made too slow to answer (the Redis or PostgreSQL
/// server holding every write), session 1 at version 2 in it: the next
/// append is `unavailable` with `reason` after the command timeout; once
/// `release` has let the server go on, the store serves again. The
/// timed-out append may have run once the server went on: whichever it is,
/// the journal is whole and the next append follows it.
func expectATimedOutAppendAndServiceAfter(
    _ store: some SessionStore, saying reason: String, release: () throws -> Void
) throws {
    #expect {
        try store.append(Journal.event(1, version: 3), expectedVersion: 2)
    } throws: { error in
        guard case StoreError.unavailable(let found) = error else { return false }
        return found.contains(reason)
    }
    try release()
    let last = try #require(try store.summary(of: Journal.id(1))?.lastVersion)
    try store.append(Journal.event(1, version: last + 1), expectedVersion: last)
    #expect(try store.records(of: Journal.id(1), after: 0).map(\.version) == Array(1...(last + 1)))
}
