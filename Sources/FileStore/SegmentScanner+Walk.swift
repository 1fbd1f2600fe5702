extension SegmentScanner {
    /// What a walk does after a range that holds no usable record.
    enum AfterDamage {
        /// Go on with the first record after it.
        case resume
        /// End the walk there.
        case stop
    }

    /// The one walk over a segment's records: `frame` is called for each
    /// well-formed record in order, `damage` for each range that holds
    /// none and says whether the walk goes on past it. The walk ends at the
    /// segment's end, at a `.stop`, or with the first error either throws.
    static func forEachFrame<Failure: Error>(
        in bytes: UnsafeRawBufferPointer, frame: (Frame) throws(Failure) -> Void,
        damage: (Damage) throws(Failure) -> AfterDamage
    ) throws(Failure) {
        var scanner = SegmentScanner(bytes: bytes)
        while true {
            switch scanner.next() {
            case .end:
                return
            case .frame(let found):
                try frame(found)
            case .damage(let found):
                guard try damage(found) == .resume else { return }
                scanner.skip(found)
            }
        }
    }
}
