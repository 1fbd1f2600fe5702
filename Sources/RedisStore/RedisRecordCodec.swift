import Sessions

/// A journal record as one element of a session's record list:
/// `<version> <kind> <time> <body>` (three decimal numbers, then the body's
/// bytes), readable with `redis-cli LRANGE`.
enum RedisRecordCodec {
    static func encode(_ record: JournalRecord) -> [UInt8] {
        Array("\(record.version) \(record.kind.rawValue) \(record.time) ".utf8) + record.body
    }

    /// The record of session `id` in `element`, or nil when it is not one.
    static func decode(_ element: [UInt8], sessionID id: String) -> JournalRecord? {
        var numbers: [Int64] = []
        var index = 0
        while numbers.count < 3 {
            guard let space = element[index...].firstIndex(of: 32),
                let number = Int64(String(decoding: element[index..<space], as: UTF8.self))
            else { return nil }
            numbers.append(number)
            index = space + 1
        }
        guard let kindByte = UInt8(exactly: numbers[1]), let kind = JournalRecord.Kind(rawValue: kindByte), numbers[0] >= 1 else {
            return nil
        }
        return JournalRecord(sessionID: id, version: Int(numbers[0]), kind: kind, time: numbers[2], body: Array(element[index...]))
    }
}
