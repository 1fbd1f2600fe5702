import Platform
import TestSupport
import Testing

/// The eight-bytes-at-once tests agree with testing each byte: for every
/// byte value at every place of a word, among plain and high bytes.
@Suite(.timeLimit(.minutes(10)), .hangGuard) struct ByteWordTests {
    private func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    @Test(arguments: [UInt8(0x41), 0xFF, 0x20, 0x2D, 0x7A])
    func everyByteAtEveryPlaceIsFound(filler: UInt8) {
        for byte in UInt8.min...UInt8.max {
            for place in 0..<8 {
                var bytes = [UInt8](repeating: filler, count: 8)
                bytes[place] = byte
                let value = word(bytes)
                for bound: UInt64 in [1, 0x20, 0x7F, 0x80] {
                    #expect(
                        ByteWord.hasByte(below: bound, in: value) == bytes.contains { UInt64($0) < bound },
                        "byte \(byte) at \(place), bound \(bound), filler \(filler)")
                }
                for sought: UInt8 in [0, 0x22, 0x7F, 0x80, filler] {
                    #expect(ByteWord.hasByte(sought, in: value) == bytes.contains(sought), "\(sought) in \(bytes)")
                }
                #expect(ByteWord.hasNonASCIIByte(in: value) == bytes.contains { $0 >= 0x80 })
                let letterOrHyphen = { (byte: UInt8) in
                    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-")
                }
                #expect(ByteWord.isLettersAndHyphens(value) == bytes.allSatisfy(letterOrHyphen), "\(bytes)")
            }
        }
    }
}
