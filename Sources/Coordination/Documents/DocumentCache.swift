/// A session's document as last rendered, and whether it is still the
/// current version's: the next render of a changed session copies from it
/// what did not change (``SessionDocument/render(_:reusing:)``).
struct DocumentCache {
    private var last: RenderedDocument?
    private var isCurrent = false

    /// The current document: the one kept, or `render`'s, which is given
    /// the last one to reuse.
    mutating func document(_ render: (RenderedDocument?) -> RenderedDocument) -> [UInt8] {
        if isCurrent, let last { return last.bytes }
        let rendered = render(last)
        last = rendered
        isCurrent = true
        return rendered.bytes
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
