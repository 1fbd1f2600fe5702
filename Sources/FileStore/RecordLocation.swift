/// Where a record is: segment number, offset and frame size.
struct RecordLocation: Sendable, Equatable {
    var segment: UInt32
    var size: UInt32
    var offset: Int64

    /// Orders positions in the journal: segment, then offset.
    func precedes(_ other: RecordLocation) -> Bool {
        segment != other.segment ? segment < other.segment : offset < other.offset
    }
}
