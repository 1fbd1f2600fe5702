/// A reference to a coordinator that does not keep it alive and reads nil
/// once the coordinator is freed: what `weak` gives, without the side table
/// the runtime attaches to an object on its first weak reference. Every
/// retain and release of an object with a side table takes the runtime's
/// slow path, and coordinators are retained and released all through an
/// event (bench/README.md, "Coordinators without side tables").
///
/// One per coordinator, made when something first refers to it
/// (``Coordinator/reference``), shared by every holder, and cleared by the
/// coordinator's `deinit`. Not thread-safe, like the rest of a session: its
/// objects are used under the session's lock. Unlike `weak`, it still reads
/// the coordinator while that coordinator's subclass `deinit` runs.
final class CoordinatorReference {
    /// Unowned and unsafe: kept valid by the coordinator's `deinit`, which
    /// clears it before the coordinator's memory can go.
    private(set) unowned(unsafe) var coordinator: Coordinator?
    /// The coordinator's ``Coordinator/id`` while it is there, nil after:
    /// read without retaining the coordinator.
    private(set) var coordinatorID: String?

    init(_ coordinator: Coordinator) {
        self.coordinator = coordinator
        coordinatorID = coordinator.id
    }

    /// Called once, as the coordinator is freed.
    func clear() {
        coordinator = nil
        coordinatorID = nil
    }
}
