/// A rendered session document, and where the params of its larger screens
/// went in it, so that the next render can copy those that did not change.
struct RenderedDocument {
    let bytes: [UInt8]
    let params: [RenderedParams]

    /// `screen`'s params as this document has them, if they have not changed since.
    func params(of screen: Screen) -> ArraySlice<UInt8>? {
        guard let rendered = params.first(where: { $0.screen === screen }), rendered.revision == screen.paramsRevision else {
            return nil
        }
        return bytes[rendered.bytes]
    }
}

/// Where one screen's params went in a ``RenderedDocument``. Holds the screen
/// itself, not its address: a new screen at a freed screen's address must
/// not match.
struct RenderedParams {
    let screen: Screen
    let revision: Int
    let bytes: Range<Int>
}
