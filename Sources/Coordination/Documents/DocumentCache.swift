/// A session's document as last rendered, and whether it is still the
/// current version's: the next render of a changed session copies from it
/// what did not change (``SessionDocument/render(_:reusing:)``).
struct DocumentCache {
    /// The document last rendered, current or not.
    private(set) var last: RenderedDocument?
    private var isCurrent = false

    /// The current version's document, when it is kept.
    var current: SharedBytes? { isCurrent ? last?.bytes : nil }

    /// Keeps `rendered` as the current version's document.
    mutating func keep(_ rendered: RenderedDocument) {
        last = rendered
        isCurrent = true
    }

    /// The session changed: the document kept is no longer current, but
    /// the next render reuses it.
    mutating func sessionChanged() {
        isCurrent = false
    }

    /// Whether a document is kept (current or not).
    var holdsDocument: Bool { last != nil }

    /// Frees the document kept: the next render writes every part.
    mutating func release() {
        last = nil
        isCurrent = false
    }
}
