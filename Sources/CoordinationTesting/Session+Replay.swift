extension Session {
    /// This session rebuilt from what its journal holds (its flow, context,
    /// creation link, seed, start patches and accepted changes), as a
    /// restart or another instance rebuilds it.
    public func replayedFromJournal() throws(NavigationError) -> Session {
        try Session(
            restoring: id, flow: flow, context: context, changes: acceptedChanges, limits: limits, createdAt: createdAt,
            seed: seed, link: creationLink, startPatches: startPatches, startingAt: firstVersion)
    }

    /// How `rebuilt` differs from this session, in words: its document, its
    /// history, its byte count. Empty when a client could not tell them apart.
    public func differences(from rebuilt: Session) -> [String] {
        var problems: [String] = []
        if rebuilt.version != version { problems.append("rebuilt version \(rebuilt.version), live \(version)") }
        if rebuilt.acceptedChanges != acceptedChanges { problems.append("the rebuilt journal differs") }
        if rebuilt.document() != document() {
            problems.append("the rebuilt document is \(String(decoding: rebuilt.document(), as: UTF8.self))")
            problems.append("       the live document is \(String(decoding: document(), as: UTF8.self))")
        }
        if rebuilt.historyDocument(since: 0) != historyDocument(since: 0) {
            problems.append("the rebuilt history is \(String(decoding: rebuilt.historyDocument(since: 0), as: UTF8.self))")
            problems.append("       the live history is \(String(decoding: historyDocument(since: 0), as: UTF8.self))")
        }
        if rebuilt.byteCount != byteCount { problems.append("rebuilt byte count \(rebuilt.byteCount), live \(byteCount)") }
        return problems
    }
}
