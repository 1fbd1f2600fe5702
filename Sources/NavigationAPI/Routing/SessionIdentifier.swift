/// The shape of a session id, checked before the registry is asked, so that
/// junk in the path never reaches a lock and is never echoed back.
///
/// Mirrors the engine's rule (`SessionID.isWellFormed`, internal to
/// Coordination): 32 lowercase hex digits.
enum SessionIdentifier {
    static let length = 32

    static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == length
            && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
