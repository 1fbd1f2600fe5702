/// Where a rendered document repeats bytes it holds earlier: `layout`
/// copies the screens of `stack` (``SessionDocument/writeLayout(_:of:reusing:stack:skips:into:)``).
/// Its digest skips them (``RenderedDocument/checksum(_:)``).
///
/// The first repeat inline, since most documents have one (a layout
/// without modals is the whole stack again), the others in a list.
package struct DocumentSkips: Sendable {
    private var first: Range<Int>?
    private var more: [Range<Int>] = []

    package init() {}

    /// The repeated ranges, by position.
    package var all: [Range<Int>] { first.map { [$0] + more } ?? [] }

    /// Records that `bytes` were written as a copy of earlier bytes.
    mutating func recordRepeat(_ bytes: Range<Int>) {
        guard !bytes.isEmpty else { return }
        if first == nil {
            first = bytes
        } else {
            more.append(bytes)
        }
    }

    /// Calls `body` with each repeated range, in order, without building an array.
    func forEachRepeat(_ body: (Range<Int>) -> Void) {
        guard let first else { return }
        body(first)
        for range in more { body(range) }
    }
}
