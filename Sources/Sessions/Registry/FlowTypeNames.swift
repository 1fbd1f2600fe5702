import Coordination
import Synchronization

/// The coordinator type names one flow's documents are written with,
/// gathered by the first document rendered and handed to the first render
/// of every session after it (``Session/document(typeNames:)``), so that a
/// new session's coordinator tree copies its type names instead of
/// spelling them.
///
/// Set once, without a lock: the names of one flow's types never change.
/// Types that first appear later in a session (a pushed child's) are
/// gathered by that session's own documents. The names are kept for the
/// life of the process, so the address in ``gathered`` stays valid once
/// set (`AtomicLazyReference`, which would free them with the catalog,
/// cost ~640 instructions a load: its generic code is not specialized).
final class FlowTypeNames: Sendable {
    /// The address of the retained ``Names``; 0 until the first document.
    private let gathered = Atomic<UInt>(0)

    private final class Names: Sendable {
        let value: CoordinatorTypeNames
        init(_ value: CoordinatorTypeNames) { self.value = value }
    }

    init() {}

    /// The first document of `session`, which holds none, given the names
    /// known; the first of the flow gathers them.
    func firstDocument(of session: Session) -> [UInt8] {
        if let names = load() { return session.document(typeNames: names.value) }
        let document = session.document(typeNames: CoordinatorTypeNames())
        if let names = session.renderedTypeNames { store(Names(names)) }
        return document
    }

    private func load() -> Names? {
        let address = gathered.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<Names>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Keeps `names` unless another session's were kept first.
    private func store(_ names: Names) {
        let retained = Unmanaged.passRetained(names)
        let address = UInt(bitPattern: retained.toOpaque())
        let (stored, _) = gathered.compareExchange(
            expected: 0, desired: address, successOrdering: .releasing, failureOrdering: .relaxed)
        if !stored { retained.release() }
    }
}
