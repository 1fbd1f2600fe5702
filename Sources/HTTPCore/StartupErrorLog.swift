import Platform
import Synchronization

/// Captures libmicrohttpd's error messages while a daemon starts, so a failed
/// start can say why ("Failed to bind to port 8080: Address already in use").
///
/// Messages outside `start()` are dropped: at runtime libmicrohttpd reports
/// every misbehaving client, which is noise, not a server error.
final class StartupErrorLog: Sendable {
    private let isRecording = Atomic<Bool>(false)
    private let messages = Locked<[String]>([])

    /// Records messages logged during `body`, returning `body`'s result and them.
    func recording<Result>(_ body: () -> Result) -> (result: Result, messages: [String]) {
        messages.withLock { $0.removeAll() }
        isRecording.store(true, ordering: .sequentiallyConsistent)
        let result = body()
        isRecording.store(false, ordering: .sequentiallyConsistent)
        return (result, messages.withLock { $0 })
    }

    fileprivate func record(format: UnsafePointer<CChar>, arguments: CVaListPointer) {
        guard isRecording.load(ordering: .relaxed) else { return }
        var buffer = [CChar](repeating: 0, count: 512)
        let message = buffer.withUnsafeMutableBufferPointer { buffer -> String in
            guard let base = buffer.baseAddress else { return "" }
            _ = vsnprintf(base, buffer.count, format, arguments)
            return String(cString: base)
        }
        let trimmed = String(message.reversed().drop { $0.isNewline || $0 == " " }.reversed())
        if !trimmed.isEmpty {
            messages.withLock { $0.append(trimmed) }
        }
    }
}

/// `MHD_LogCallback`; `cls` is the server's `StartupErrorLog`, owned by the server.
func daemonErrorLog(cls: UnsafeMutableRawPointer?, format: UnsafePointer<CChar>?, arguments: CVaListPointer?) {
    guard let cls, let format, let arguments else { return }
    Unmanaged<StartupErrorLog>.fromOpaque(cls).takeUnretainedValue().record(format: format, arguments: arguments)
}
