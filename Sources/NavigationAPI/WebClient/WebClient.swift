import HTTPCore

/// The static files of the browser client (`web/` in the repository), served
/// from memory: `GET /` is `index.html`, `GET /app/{file}` every other file.
///
/// Every response carries a strong `ETag` computed from the file's bytes and
/// `Cache-Control: no-cache`, so a browser keeps the files and revalidates
/// them cheaply (304) on each load, and a rebuilt server is never shadowed by
/// a stale copy. The HTML gets a strict Content-Security-Policy: scripts,
/// styles and requests only from this origin, nothing inline, no framing.
enum WebClient {
    /// The page served at `/`; not reachable under `/app/`.
    static let indexPath = "index.html"

    /// Everything a page may load, all from this origin; no inline script or
    /// style (the client sets classes, never `style` attributes).
    static let contentSecurityPolicy = """
        default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
        connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'
        """

    private static let files: [String: EmbeddedFile] = Dictionary(
        EmbeddedFiles.web.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })

    /// The file at `path` under `web/`, or `nil` when there is none.
    static func file(at path: String) -> EmbeddedFile? {
        files[path]
    }

    /// The file with its headers, or 304 when `If-None-Match` names its tag.
    static func response(for file: EmbeddedFile, _ request: HTTPRequest) -> HTTPResponse {
        var headers: HTTPHeaders = [
            "Cache-Control": "no-cache",
            "ETag": file.etag,
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": contentSecurityPolicy,
            "Referrer-Policy": "no-referrer",
        ]
        if let tags = request.headers["If-None-Match"], matches(tags, file.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.add("Content-Type", contentType(of: file.path))
        return HTTPResponse(status: 200, headers: headers, body: file.bytes)
    }

    /// The media type of a file from its extension; unknown ones are opaque
    /// bytes, which `nosniff` keeps a browser from executing.
    static func contentType(of path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        let fileExtension = name.contains(".") ? name.split(separator: ".").last.map(String.init) ?? "" : ""
        switch fileExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }

    /// Whether an `If-None-Match` list names `etag` or is `*` (weak comparison).
    private static func matches(_ list: String, _ etag: String) -> Bool {
        list.split(separator: ",").contains { member in
            var tag = member.trimmingSpaces
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == "*" || tag == etag
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
