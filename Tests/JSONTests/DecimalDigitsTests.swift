import TestSupport
import Testing

@testable import JSON

/// Decimal digits counted and written in place: the same text as
/// `description`, at every number of digits up to `UInt64.max`.
@Suite("Decimal digits", .timeLimit(.minutes(10)), .hangGuard)
struct DecimalDigitsTests {
    @Test func digitsAreTheDescriptionAtEveryLength() {
        // Every value below 1,000 (digits are written in pairs), and
        // numbers with zeros and nines inside.
        var values: [UInt64] = Array(0..<1000) + [1005, 10_001, 12_345, 100_090, 909_090_909, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 10
        while true {
            values += [power - 1, power, power + 1]
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { break }
            power = next
        }
        // Where the bit length the count starts from changes.
        for shift in 0..<64 {
            let bit: UInt64 = 1 << UInt64(shift)
            values += [bit - 1, bit, bit | (bit - 1)]
        }
        for value in values {
            #expect(DecimalDigits.count(of: value) == value.description.utf8.count, "\(value)")
            let written = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
                buffer.initialize(repeating: UInt8(ascii: "x"))
                let count = DecimalDigits.write(value, to: buffer.baseAddress!)
                return String(decoding: buffer[..<count], as: UTF8.self) + String(decoding: buffer[count...], as: UTF8.self)
            }
            // The digits, and nothing written past them.
            #expect(written == value.description + String(repeating: "x", count: 24 - value.description.utf8.count))
        }
    }
}
