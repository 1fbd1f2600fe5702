/// Why an ``HTTPServer`` could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// The host is not an IP literal or `"localhost"`.
    case invalidHost(String)
    /// A configuration value is out of range; the payload says which and why.
    case invalidConfiguration(String)
    /// libmicrohttpd refused to start, e.g. the port is taken; the payload
    /// names the address and libmicrohttpd's reason.
    case startFailed(String)
    /// `start()` was called before on this server; a stopped server cannot be
    /// restarted, create a new one.
    case alreadyStarted
    /// The libmicrohttpd loaded at run time is older than the release the
    /// HTTP layer was written for (or its version cannot be read); `found` is
    /// what `MHD_get_version()` said, `required` the oldest supported release.
    case unsupportedLibraryVersion(found: String, required: String)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            "invalid host \"\(host)\": expected an IPv4 literal such as 127.0.0.1 or 0.0.0.0, "
                + "an IPv6 literal such as ::1, or localhost"
        case .invalidConfiguration(let reason):
            "invalid HTTP server configuration: \(reason)"
        case .startFailed(let reason):
            "HTTP server failed to start \(reason)"
        case .alreadyStarted:
            "HTTP server was already started; create a new HTTPServer to serve again"
        case .unsupportedLibraryVersion(let found, let required):
            "libmicrohttpd \(found.isEmpty ? "of unknown version" : "version \"\(found)\"") is not supported: "
                + "this server needs libmicrohttpd \(required) or newer"
        }
    }
}
