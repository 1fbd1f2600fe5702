#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Hands memory that the allocator holds free back to the system, after a
/// sweep freed much at once (idle sessions' documents).
///
/// navigation-server links jemalloc, which otherwise returns free pages
/// only as later allocations tick its decay clock: an idle server would
/// keep them. `arena.<all>.purge` returns them now; the next allocations
/// fault fresh pages in. Under glibc's malloc (the tests, which do not link
/// jemalloc), `malloc_trim` does the same.
enum FreedMemory {
    static func returnToSystem() {
        if let purge = jemallocControl {
            _ = "arena.4096.purge".withCString { purge($0, nil, nil, nil, 0) }
        } else if let trim = glibcTrim {
            _ = trim(0)
        }
    }

    private typealias Control =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32

    private typealias Trim = @convention(c) (Int) -> Int32

    /// jemalloc's `mallctl`, when the process has it (4096 is its `MALLCTL_ARENAS_ALL`).
    private static let jemallocControl: Control? = function("mallctl", as: Control.self)
    /// glibc's `malloc_trim` (not in Swift's Glibc module).
    private static let glibcTrim: Trim? = function("malloc_trim", as: Trim.self)

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        // RTLD_DEFAULT: the process's global symbols, in load order.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
