import Sessions

extension SegmentHeader {
    /// The first segment that segment `number` covers, as a store that
    /// opens the data directory reads this header: nil for the last
    /// segment without a header (being created by a running server, or cut
    /// short by a crash: it holds no record yet).
    ///
    /// - Throws: ``StoreError/newerFormat(file:found:supported:)`` for a
    ///   format this build cannot read, and
    ///   ``StoreError/corrupt(file:offset:reason:)`` for a damaged header, a
    ///   missing one before the last segment, or one that says it covers
    ///   segments after its own number.
    func firstCoveredSegment(of number: UInt32, isLast: Bool, file: String) throws(StoreError) -> UInt32? {
        switch self {
        case .valid(let first) where first <= number:
            return first
        case .valid(let first):
            throw .corrupt(file: file, offset: 0, reason: "segment header says it covers segments from \(first), after its own number")
        case .missing where isLast:
            return nil
        case .missing:
            throw .corrupt(file: file, offset: 0, reason: "segment has no header")
        case .newerFormat(let found):
            throw .newerFormat(file: file, found: Int(found), supported: Int(SegmentFormat.version))
        case .damaged(let reason):
            throw .corrupt(file: file, offset: 0, reason: reason)
        }
    }
}
