/// A rendered session document, and where the params of its larger screens
/// went in it, so that the next render can copy those that did not change.
struct RenderedDocument {
    let bytes: [UInt8]
    let params: [RenderedParams]

    /// `screen`'s params as this document has them, if they have not changed since.
    func params(of screen: Screen) -> ArraySlice<UInt8>? {
        let identity = ObjectIdentifier(screen)
        guard let rendered = params.first(where: { $0.screen == identity && $0.screenID == screen.id }),
            rendered.revision == screen.paramsRevision
        else {
            return nil
        }
        return bytes[rendered.bytes]
    }
}

/// Where one screen's params went in a ``RenderedDocument``.
///
/// The screen is known by its address and its id, not held: a popped screen
/// must be freed. A new screen at a freed one's address has another id, since
/// a session never gives an id twice; a session rebuilt from its journal
/// gives them again, so it drops its ``RenderedDocument``.
struct RenderedParams {
    let screen: ObjectIdentifier
    let screenID: String?
    let revision: Int
    let bytes: Range<Int>

    init(screen: Screen, revision: Int, bytes: Range<Int>) {
        self.screen = ObjectIdentifier(screen)
        self.screenID = screen.id
        self.revision = revision
        self.bytes = bytes
    }
}
