import CCurl
import Platform

/// libcurl's process-wide setup, done once before any handle is made.
enum CurlLibrary {
    /// `curl_global_init`'s result. A `static let` runs its initializer
    /// once, under the runtime's own lock, so concurrent first uses are safe
    /// whether or not this libcurl's `curl_global_init` is itself thread-safe.
    private static let initialization: CURLcode = {
        // OpenSSL writes to TLS connections with plain write(2): a backend
        // that went away while a request was being sent must be an error,
        // not a SIGPIPE that kills the process.
        signal(SIGPIPE, SIG_IGN)
        return curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    /// Initializes libcurl when nothing has yet; returns its error message
    /// when that failed.
    @discardableResult
    static func initializeOnce() -> String? {
        let code = initialization
        return code == CURLE_OK ? nil : String(cString: curl_easy_strerror(code))
    }
}
