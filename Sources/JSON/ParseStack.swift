/// One of ``JSONParser``'s stacks (values, keys, open containers): it
/// starts in memory its caller lends, on the caller's stack, and moves to
/// the heap only once it outgrows that. A request body's few members and
/// levels fit, so parsing one allocates no stack at all, where three
/// arrays cost an allocation and a release each (~1,200 instructions per
/// event body).
///
/// It owns the elements it holds: they are destroyed with it, on an error
/// as on success.
struct ParseStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private var ownsBase = false
    /// The number of elements held.
    private(set) var count = 0

    /// A stack in `buffer`, which must outlive it and hold nothing.
    init(lending buffer: UnsafeMutableBufferPointer<Element>) {
        // A temporary allocation of no elements may have no address.
        if let address = buffer.baseAddress, buffer.count > 0 {
            base = address
            capacity = buffer.count
        } else {
            base = .allocate(capacity: 4)
            capacity = 4
            ownsBase = true
        }
    }

    deinit {
        base.deinitialize(count: count)
        if ownsBase { base.deallocate() }
    }

    var isEmpty: Bool { count == 0 }

    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Moves the top element out.
    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty parse stack")
        count -= 1
        return (base + count).move()
    }

    mutating func popLast() -> Element? {
        count > 0 ? removeLast() : nil
    }

    /// The element at `index`, read or changed in place.
    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(index >= 0 && index < count, "parse stack index \(index) out of 0..<\(count)")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(index >= 0 && index < count, "parse stack index \(index) out of 0..<\(count)")
            return base + index
        }
    }

    /// The elements from `start` to the top, lent to `body`.
    func withElements<Result>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        precondition(start >= 0 && start <= count, "parse stack start \(start) out of 0...\(count)")
        return body(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// Moves the elements to the heap, in twice the room.
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: 2 * capacity)
        larger.moveInitialize(from: base, count: count)
        if ownsBase { base.deallocate() }
        base = larger
        capacity *= 2
        ownsBase = true
    }
}
