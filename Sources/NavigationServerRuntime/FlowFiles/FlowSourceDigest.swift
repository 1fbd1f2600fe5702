import CCrypto
import Coordination

/// The SHA-256 a flow file's content is pinned by (``Coordination/FlowSource``),
/// computed by libcrypto.
enum FlowSourceDigest {
    /// `bytes` as a ``Coordination/FlowSource``: its SHA-256 in 64
    /// lowercase hexadecimal digits.
    static func source(of bytes: [UInt8]) -> FlowSource {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let made = bytes.withUnsafeBytes { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_sha256(), nil) == 1
        }
        // libcrypto's SHA-256 of memory fails only without memory.
        precondition(made && length == 32, "libcrypto could not compute a SHA-256")
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in digest[..<32] {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return FlowSource(sha256: String(decoding: text, as: UTF8.self), bytes: bytes)
    }
}
