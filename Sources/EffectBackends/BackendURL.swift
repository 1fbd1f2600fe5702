import CCurl

/// An absolute `http` or `https` URL of a team's backend, checked once, when
/// it is configured, by libcurl's own URL parser (the one that will use it).
///
/// Refused, each with its reason: other schemes (`ftp:`, `file:`), relative
/// URLs and URLs without a host, user names or passwords in the URL (the URL
/// appears in logs and error messages; send credentials some other way), a
/// fragment (`#…`, never sent), spaces and control characters, and URLs
/// longer than ``maxLength``.
public struct BackendURL: Sendable, Hashable, CustomStringConvertible {
    /// The longest URL accepted, in UTF-8 bytes.
    public static let maxLength = 2048

    /// The URL as libcurl normalised it (the scheme in lower case, an empty
    /// path as `/`): what every request is sent to.
    public let absoluteString: String
    /// `http` or `https`.
    public let scheme: String
    /// The host name or address literal (IPv6 without brackets).
    public let host: String

    public init(_ text: String) throws(BackendConfigurationError) {
        func refuse(_ reason: String) -> BackendConfigurationError { .invalidURL(url: text, reason: reason) }
        if text.isEmpty { throw refuse("is empty") }
        if text.utf8.count > Self.maxLength { throw refuse("is longer than \(Self.maxLength) bytes") }
        if text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            throw refuse("holds a space or a control character (percent-encode them)")
        }
        CurlLibrary.initializeOnce()
        guard let handle = curl_url() else { throw refuse("could not be parsed (libcurl is out of memory)") }
        defer { curl_url_cleanup(handle) }
        let parsed = curl_url_set(handle, CURLUPART_URL, text, 0)
        guard parsed == CURLUE_OK else {
            if parsed == CURLUE_UNSUPPORTED_SCHEME || parsed == CURLUE_BAD_SCHEME {
                throw refuse("must start with http:// or https://")
            }
            throw refuse("is not an absolute URL (\(String(cString: curl_url_strerror(parsed))))")
        }
        let scheme = Self.part(CURLUPART_SCHEME, of: handle) ?? ""
        guard scheme == "http" || scheme == "https" else { throw refuse("must start with http:// or https://") }
        if Self.part(CURLUPART_USER, of: handle) != nil || Self.part(CURLUPART_PASSWORD, of: handle) != nil {
            throw refuse("holds a user name or password, which would appear in logs")
        }
        if Self.part(CURLUPART_FRAGMENT, of: handle) != nil { throw refuse("has a fragment (#…), which is never sent") }
        guard let host = Self.part(CURLUPART_HOST, of: handle), !host.isEmpty else { throw refuse("has no host") }
        guard let absolute = Self.part(CURLUPART_URL, of: handle) else { throw refuse("could not be parsed") }
        self.absoluteString = absolute
        self.scheme = scheme
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }

    public var description: String { absoluteString }

    /// One part of a parsed URL, or `nil` when the URL has none.
    private static func part(_ part: CURLUPart, of handle: OpaquePointer) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, part, &value, 0) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }
}
