import Platform
import TestSupport
import Testing

/// The record checksum against published CRC-32C check values.
@Suite("CRC-32C", .timeLimit(.minutes(10)), .hangGuard)
struct CRC32CTests {
    @Test func checkValueOfTheCatalogue() {
        // The "check" value of CRC-32/ISCSI in Greg Cook's CRC catalogue.
        #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
    }

    @Test func vectorsOfRFC3720() {
        // RFC 3720, appendix B.4 (iSCSI), as the CRC value.
        #expect(CRC32C.checksum([UInt8](repeating: 0, count: 32)) == 0x8A91_36AA)
        #expect(CRC32C.checksum([UInt8](repeating: 0xFF, count: 32)) == 0x62A8_AB43)
        #expect(CRC32C.checksum((0..<32).map { UInt8($0) }) == 0x46DD_794E)
        #expect(CRC32C.checksum((0..<32).map { UInt8(31 - $0) }) == 0x113F_DB5C)
    }

    @Test func emptyInputAndPiecewiseChecksums() {
        #expect(CRC32C.checksum([]) == 0)
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let whole = CRC32C.checksum(bytes)
        // Every split point, so that the eight-byte steps meet every tail length.
        for split in [0, 1, 7, 8, 9, 15, 16, 17, 500, 999, 1_000] {
            let first = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[0..<split])) }
            let both = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[split...]), continuing: first) }
            #expect(both == whole, "split at \(split)")
        }
    }

    @Test func slicingByEightMatchesTheBitwiseDefinition() {
        var generator = SplitMix64(seed: 0xC0FFEE)
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(bytes.withUnsafeBytes { CRC32C.tableChecksum($0) } == Self.bitwise(bytes), "length \(length)")
        }
    }

    /// The processor's instructions (this machine's x86-64 has them) give
    /// the tables' checksum at every length and alignment, whole and in pieces.
    @Test func theProcessorsInstructionsMatchTheTables() {
        #if arch(x86_64)
            #expect(CRC32C.usesHardware, "SSE 4.2 on this machine")
        #endif
        var generator = SplitMix64(seed: 0xBEEF)
        let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes.withUnsafeBytes { all in
            for start in 0..<9 {
                for end in stride(from: start, through: all.count, by: 7) {
                    let piece = UnsafeRawBufferPointer(rebasing: all[start..<end])
                    #expect(CRC32C.checksum(piece) == CRC32C.tableChecksum(piece), "bytes \(start)..<\(end)")
                    #expect(
                        CRC32C.checksum(piece, continuing: 0x1234_5678) == CRC32C.tableChecksum(piece, continuing: 0x1234_5678))
                }
            }
        }
    }

    /// A frame's length is checksummed as its four bytes, least significant first.
    @Test func aLittleEndianWordIsChecksummedAsItsFourBytes() {
        var generator = SplitMix64(seed: 0x5EED)
        let values: [UInt32] =
            [0, 1, 0xFF, 0x100, 0xFFFF_FFFF, 0x8000_0000, 41 + 250]
            + (0..<200).map { _ in
                UInt32.random(in: 0...UInt32.max, using: &generator)
            }
        for value in values {
            let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            #expect(CRC32C.checksum(ofLittleEndian: value) == Self.bitwise(bytes), "value \(value)")
        }
    }

    /// One bit at a time, straight from the definition.
    private static func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
        }
        return ~crc
    }
}
