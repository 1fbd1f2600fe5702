import CRC32CHardware

/// CRC-32C (Castagnoli, the polynomial of iSCSI, ext4 and LevelDB): the
/// checksum of every journal record and the digest of every session
/// document a change produced. With the processor's CRC-32C instructions
/// where it has them (SSE 4.2 on x86-64), about 0.2 instructions a
/// byte; else table-driven, eight bytes per step ("slicing-by-8"), about
/// four. Either way verifying a journal at start-up costs little next to
/// reading it.
public enum CRC32C {
    /// The reflected polynomial 0x1EDC6F41.
    static let polynomial: UInt32 = 0x82F6_3B78

    /// Eight tables of 256 entries, one after the other: table `k` advances
    /// the checksum over a byte followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
            tables[byte] = crc
        }
        for table in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(table - 1) * 256 + byte]
                tables[table * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// Whether ``checksum(_:continuing:)`` uses the processor's instructions.
    @inline(__always)
    public static var usesHardware: Bool { navigation_crc32c_has_hardware() != 0 }

    /// The checksum of `bytes`; pass a previous result as `continuing` to
    /// checksum data that arrives in pieces.
    public static func checksum(_ bytes: UnsafeRawBufferPointer, continuing previous: UInt32 = 0) -> UInt32 {
        guard usesHardware, let start = bytes.baseAddress else { return tableChecksum(bytes, continuing: previous) }
        return ~navigation_crc32c_hardware_update(~previous, start, bytes.count)
    }

    /// ``checksum(_:continuing:)`` with the tables, on any processor.
    public static func tableChecksum(_ bytes: UnsafeRawBufferPointer, continuing previous: UInt32 = 0) -> UInt32 {
        var crc = ~previous
        tables.withUnsafeBufferPointer { table in
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let low = UInt32(truncatingIfNeeded: word) ^ crc
                let high = UInt32(truncatingIfNeeded: word >> 32)
                crc =
                    table[7 * 256 + Int(low & 0xFF)]
                    ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
                    ^ table[5 * 256 + Int(low >> 16 & 0xFF)]
                    ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)]
                    ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
                    ^ table[1 * 256 + Int(high >> 16 & 0xFF)]
                    ^ table[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = (crc >> 8) ^ table[Int((crc ^ UInt32(bytes[index])) & 0xFF)]
                index += 1
            }
        }
        return ~crc
    }

    /// The checksum of `value`'s four bytes, least significant first (a
    /// frame's length): the same as ``checksum(_:continuing:)`` over them,
    /// without its loops (~100 instructions less per record).
    public static func checksum(ofLittleEndian value: UInt32) -> UInt32 {
        // The tables even where the processor has the instructions: four
        // lookups cost less than calling out to them.
        tables.withUnsafeBufferPointer { table in
            // One slicing step over four bytes: tables 3 to 0 advance the
            // checksum over each byte and the zero bytes after it.
            let crc = value ^ ~UInt32(0)
            return
                ~(table[3 * 256 + Int(crc & 0xFF)] ^ table[2 * 256 + Int(crc >> 8 & 0xFF)]
                ^ table[1 * 256 + Int(crc >> 16 & 0xFF)] ^ table[Int(crc >> 24)])
        }
    }

    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}
