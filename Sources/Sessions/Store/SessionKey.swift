import Platform

/// A session id as two integers: 16 bytes on disk instead of 32 hex digits,
/// and a dictionary key that needs no allocation.
///
/// Public with inlinable equality and hashing, not `package`: the file
/// store's index, in another module, hashes a key on every request, and the
/// compiler inlines a conformance across modules only for a public type.
public struct SessionKey: Hashable, Sendable {
    public let high: UInt64
    public let low: UInt64

    @inlinable
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    @inlinable
    public static func == (left: SessionKey, right: SessionKey) -> Bool {
        left.high == right.high && left.low == right.low
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(high)
        hasher.combine(low)
    }

    /// The hash a `Dictionary` or `Set` with `seed` files the key under:
    /// the high half mixed with the seed, the low half added, mixed again
    /// (MurmurHash3's finalizer both times), so that every bit of the key
    /// reaches every bit of the hash and no two keys collide under every
    /// seed alike.
    ///
    /// In place of `Hasher`'s SipHash (~200 instructions a lookup, two
    /// lookups a request: the session cache and the file store's index).
    /// SipHash keeps a client from choosing keys that collide; here no
    /// client chooses a key that is inserted: every key is 128 bits from
    /// the system's random source (``SessionID``), and a client's id is
    /// only looked up. Equal keys hash alike, as `Hashable` requires.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        let mixedHigh = Self.mix(high ^ UInt64(UInt(bitPattern: seed)))
        return Int(truncatingIfNeeded: Self.mix(mixedHigh ^ low))
    }

    /// MurmurHash3's 64-bit finalizer: a bijection that spreads each bit.
    @inlinable
    static func mix(_ word: UInt64) -> UInt64 {
        var bits = word
        bits ^= bits >> 33
        bits &*= 0xFF51_AFD7_ED55_8CCD
        bits ^= bits >> 33
        bits &*= 0xC4CE_B9FE_1A85_EC53
        bits ^= bits >> 33
        return bits
    }

    /// Parses 32 lowercase hex digits; nil for anything else. The one
    /// parser of session ids: ``SessionID/isWellFormed(_:)`` is this too.
    package init?(hex text: String) {
        guard text.utf8.count == 32 else { return nil }
        // On the contiguous bytes of a native string: iterating the
        // `UTF8View` cost ~1,500 instructions per id, and an enumerated
        // generic loop over the bytes ~700, up to four times per request.
        // Read in place: `withUTF8` needs a mutable copy (a retain and a
        // release); a bridged string, never contiguous, is copied.
        let parsed =
            text.utf8.withContiguousStorageIfAvailable(Self.parse(hex:))
            ?? {
                var text = text
                return text.withUTF8(Self.parse(hex:))
            }()
        guard let key = parsed else { return nil }
        self = key
    }

    /// The key spelled by `digits`, 32 lowercase hex digits; nil for any other bytes.
    package static func parse(hex digits: UnsafeBufferPointer<UInt8>) -> SessionKey? {
        guard digits.count == 32, let base = digits.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        guard let h0 = hexValue(raw, 0), let h1 = hexValue(raw, 8), let l0 = hexValue(raw, 16), let l1 = hexValue(raw, 24)
        else { return nil }
        return SessionKey(high: h0 << 32 | h1, low: l0 << 32 | l1)
    }

    /// The value of the 8 hex digits at `offset`, read as one word, all at
    /// once (a loop with a test per digit cost ~560 instructions per id,
    /// up to four ids per request; this is ~130); nil unless every byte
    /// is `0-9` or `a-f`.
    @inline(__always)
    private static func hexValue(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt64? {
        // Byte i of the word is digit i (the first, most significant, lowest).
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let high = 0x8080_8080_8080_8080 as UInt64
        guard word & high == 0 else { return nil }
        // Each byte is below 0x80, so adding c < 0x80 to it never carries
        // into the next byte; bit 7 of a sum byte is then "byte >= 0x80 - c".
        let atLeastZero = word &+ 0x5050_5050_5050_5050  // >= "0" (0x30)
        let pastNine = word &+ 0x4646_4646_4646_4646  // >= ":" (0x3A)
        let atLeastA = word &+ 0x1F1F_1F1F_1F1F_1F1F  // >= "a" (0x61)
        let pastF = word &+ 0x1919_1919_1919_1919  // >= "g" (0x67)
        let isDigit = atLeastZero & ~pastNine & high
        let isLetter = atLeastA & ~pastF & high
        guard isDigit | isLetter == high else { return nil }
        // A digit's value is its low four bits, a letter's those plus 9.
        var nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (isLetter >> 7) &* 9
        // The first digit to the top byte, then pairs, fours and eights of
        // nibbles joined: 0n0n0n0n0n0n0n0n becomes nnnnnnnn.
        nibbles = nibbles.byteSwapped
        nibbles = (nibbles | nibbles >> 4) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles >> 8) & 0x0000_FFFF_0000_FFFF
        return (nibbles | nibbles >> 16) & 0xFFFF_FFFF
    }

    /// The id as 32 lowercase hex digits.
    package var hex: String {
        // Spelled on the stack and decoded once: `String(unsafeUninitializedCapacity:)`
        // goes through the standard library's unspecialized code (~670
        // instructions per id, against ~250).
        // Eight digits at a time (``HexWord``): one at a time cost ~400
        // instructions per id.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4) { words in
            words[0] = HexWord.digits(of: UInt32(truncatingIfNeeded: high >> 32))
            words[1] = HexWord.digits(of: UInt32(truncatingIfNeeded: high))
            words[2] = HexWord.digits(of: UInt32(truncatingIfNeeded: low >> 32))
            words[3] = HexWord.digits(of: UInt32(truncatingIfNeeded: low))
            return String(decoding: UnsafeRawBufferPointer(words), as: UTF8.self)
        }
    }
}
