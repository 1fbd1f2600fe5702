extension RenderedDocument {
    /// A checksum of what the coordinators decided in this document, by
    /// `checksum` (bytes, and the checksum so far): every byte but
    /// - each screen's *wording* in `stack`, its `events` (names, labels,
    ///   fields) and `title`, left out so that relabelling a button or
    ///   rewording a title does not make every session showing it diverge;
    /// - the *repeats* (``DocumentSkips``): what they say is read where it
    ///   was first written, and which screens a layout shows follows from
    ///   the stack and the containers, which are read; skipping them halves
    ///   the reading (most layouts are the stack again).
    ///
    /// So it reads the screens, their presentations, coordinators and
    /// params, the layout's containers, the coordinator tree, the links and
    /// effects waiting, and the result.
    func checksum(_ checksum: (UnsafeRawBufferPointer, UInt32) -> UInt32) -> UInt32 {
        let all = UnsafeRawBufferPointer(start: bytes.baseAddress, count: bytes.count)
        var crc: UInt32 = 0
        var next = 0
        func skip(_ range: Range<Int>) {
            crc = checksum(UnsafeRawBufferPointer(rebasing: all[next..<range.lowerBound]), crc)
            next = range.upperBound
        }
        // A screen's events and title follow its params, up to its `}`;
        // the screens come in order, and the layout's repeats after them.
        entries.forEachEntry { skip($0.params.upperBound..<($0.bytes.upperBound - 1)) }
        skips.forEachRepeat(skip)
        return withExtendedLifetime(bytes) { checksum(UnsafeRawBufferPointer(rebasing: all[next...]), crc) }
    }
}
