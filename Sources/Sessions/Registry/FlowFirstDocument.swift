import Coordination
import Synchronization

/// What the first document rendered of one flow's sessions leaves for the
/// first render of every session after it (``Session/document(typeNames:expectedBytes:)``):
/// the coordinator type names, so that a new session's coordinator tree
/// copies them instead of spelling them, and the document's size, so that
/// the render's buffer, which becomes the document, is sized to it.
///
/// Set once, without a lock: the names of one flow's types never change,
/// and a first document's size changes only with the context or link a
/// session starts from. Types that first appear later in a session (a
/// pushed child's) are gathered by that session's own documents. What is
/// gathered is kept for the life of the process, so the address in
/// ``gathered`` stays valid once set (`AtomicLazyReference`, which would
/// free it with the catalog, cost ~640 instructions a load: its generic
/// code is not specialized).
final class FlowFirstDocument: Sendable {
    /// The address of the retained ``Gathered``; 0 until the first document.
    private let gathered = Atomic<UInt>(0)

    private final class Gathered: Sendable {
        let typeNames: CoordinatorTypeNames
        let byteCount: Int
        init(typeNames: CoordinatorTypeNames, byteCount: Int) {
            self.typeNames = typeNames
            self.byteCount = byteCount
        }
    }

    init() {}

    /// The first document of `session`, which holds none, given what the
    /// flow's first gathered; the first of the flow gathers it.
    func document(of session: Session) -> SharedBytes {
        if let gathered = load() {
            return session.document(typeNames: gathered.typeNames, expectedBytes: gathered.byteCount)
        }
        let document = session.document(typeNames: CoordinatorTypeNames(), expectedBytes: nil)
        if let names = session.renderedTypeNames { store(Gathered(typeNames: names, byteCount: document.count)) }
        return document
    }

    private func load() -> Gathered? {
        let address = gathered.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<Gathered>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Keeps `gathered` unless another session's was kept first.
    private func store(_ gathered: Gathered) {
        let retained = Unmanaged.passRetained(gathered)
        let address = UInt(bitPattern: retained.toOpaque())
        let (stored, _) = self.gathered.compareExchange(
            expected: 0, desired: address, successOrdering: .releasing, failureOrdering: .relaxed)
        if !stored { retained.release() }
    }
}
