import Platform

/// Gives memory the allocator holds free back to the system, so that the
/// documents idle sessions free (`--document-ttl`) leave the server's RSS.
///
/// navigation-server links jemalloc, which returns free pages only as its
/// decay clock ticks, and ticks it only on later allocations: an idle server
/// kept them all. Its background threads tick it on their own
/// (`background_thread`, on from the start): free pages go back gradually,
/// over jemalloc's ~10 s decay, without a purge on the request threads'
/// arenas. Under glibc's malloc (the tests link it), `malloc_trim` after a
/// release does the same.
enum FreedMemory {
    /// Turns on jemalloc's background purging threads, when the process
    /// runs on jemalloc.
    static func startBackgroundPurging() {
        guard let control = jemallocControl else { return }
        var enabled = true
        _ = "background_thread".withCString { name in control(name, nil, nil, &enabled, MemoryLayout<Bool>.size) }
    }

    /// After freeing much at once: under glibc, trims its heap now (jemalloc's
    /// background threads need nothing).
    static func memoryWasFreed() {
        guard jemallocControl == nil, let trim = glibcTrim else { return }
        _ = trim(0)
    }

    private typealias Control =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
        ) -> Int32

    private typealias Trim = @convention(c) (Int) -> Int32

    /// jemalloc's `mallctl`, when jemalloc serves the process's `malloc`.
    /// Linked is not enough: under ThreadSanitizer its runtime's `malloc`
    /// comes first, jemalloc serves nothing, and its background threads
    /// crashed the server.
    private static let jemallocControl: Control? = {
        // Already loaded (RTLD_NOLOAD), or not linked at all.
        guard let jemalloc = dlopen("libjemalloc.so.2", RTLD_NOW | RTLD_NOLOAD) else { return nil }
        defer { dlclose(jemalloc) }
        guard let own = dlsym(jemalloc, "malloc"), own == dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc"),
            let control = dlsym(jemalloc, "mallctl")
        else { return nil }
        return unsafeBitCast(control, to: Control.self)
    }()
    /// glibc's `malloc_trim` (not in Swift's Glibc module).
    private static let glibcTrim: Trim? = function("malloc_trim", as: Trim.self)

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function? {
        // RTLD_DEFAULT: the process's global symbols, in load order.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
