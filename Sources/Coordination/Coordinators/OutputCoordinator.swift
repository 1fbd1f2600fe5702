/// A coordinator that finishes with a typed output: a child that reports a
/// `Result` to its parent, with no delegate protocol to write per child.
///
/// ```swift
/// let auth = AuthCoordinator(environment: environment)
/// addChild(auth)
/// auth.start { [unowned self] user in showMain(for: user) }
/// ```
open class OutputCoordinator<Output>: Coordinator {
    private var completion: ((Output) -> Void)?

    /// Starts the flow; `completion` gets the output when it finishes with one.
    public func start(completion: @escaping (Output) -> Void) {
        self.completion = completion
        start()
    }

    /// Finishes the flow and hands `output` to the completion given to
    /// ``start(completion:)``. The parent has already let this child go when
    /// the completion runs, so it may start the next flow at once.
    public func finish(with output: Output) {
        guard !isFinished else { return }
        let completion = self.completion
        self.completion = nil
        finish()
        completion?(output)
    }
}
